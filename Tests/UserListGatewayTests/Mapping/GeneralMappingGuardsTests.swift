import Testing
import UserListDomain
@testable import UserListGateway

extension GatewayTests {
    /// Values the general mapping must not take for what they look like.
    @Suite struct GeneralMappingGuardsTests {
        private func user(_ json: String) throws -> User {
            try #require(try ParsedJSON.map(json, with: UserMapping.general).user)
        }

        /// Only a URL a list can show is an avatar (issue 20): absolute http(s), or `//host` with
        /// `https:`; a path needs `--base-url`; `mxc:`, `data:`, a hash are none.
        @Test(arguments: [
            ("https://cdn.discordapp.com/avatars/1/a.png", "https://cdn.discordapp.com/avatars/1/a.png"),
            ("HTTP://example.org/a.png", "HTTP://example.org/a.png"),
            ("  //gravatar.com/avatar/x", "https://gravatar.com/avatar/x"),
            ("/img/faces/7-image.jpg", nil), ("data:image/png;base64,iVBOR", nil), ("mxc://matrix.org/GCmh", nil),
            ("8342729096ea3675442027381ff50dfe", nil), ("avatars/7.png", nil), ("mailto:ann@x.org", nil), ("//", nil),
        ] as [(String, String?)])
        func anAvatarMustBeAURLAListCanShow(value: String, kept: String?) throws {
            let avatar = try user(#"{"id":1,"username":"ann","avatar":"\#(value)"}"#).avatarURL
            #expect(avatar == kept)
        }

        @Test func aHashUnderAvatarLeavesRoomForALaterSource() throws {
            let json = #"{"id":1,"username":"ann","avatar":"83427290","picture":"https://x.org/a.png"}"#
            #expect(try user(json).avatarURL == "https://x.org/a.png")
        }

        @Test(arguments: ["prefs", "preferences", "settings", "role", "group", "project", "workspace"])
        func aSettingsObjectsNameIsNotThePersons(container: String) throws {
            #expect(try user(#"{"id":1,"username":"ann","\#(container)":{"name":"Dark mode"}}"#).name == nil)
        }

        @Test func aProfileObjectsNameIsThePersons() throws {
            #expect(try user(#"{"id":1,"profile":{"name":"Ann Lee","email":"ann@x.org"}}"#).name == "Ann Lee")
        }
    }
}

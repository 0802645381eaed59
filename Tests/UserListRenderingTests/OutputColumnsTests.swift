import Testing
import UserListViewModel
@testable import UserListRendering
import UserListDomain

extension Rendering {
    /// `--fields`, `--format tsv` and `--no-header`: the columns each row-per-user format prints.
    @Suite struct OutputColumnsTests {
        static let user = User(
            id: "7", name: "Zoë\tMüller", username: "zoe", email: "zoe@example.de", phone: "+49 30 1234",
            address: Address(street: "Unter den Linden 1", city: "Berlin\\Mitte", geo: Geo(lat: "52.52")),
            company: Company(name: "Acme, \"GmbH\""))
        static let sparse = User(id: "8", name: "张伟\nline two")

        static func state(_ users: [User]) -> ListState {
            var page = UserListPage(totalItems: users.count, page: 1, pageSize: users.count, totalPages: 1, hasMore: false, items: users.map(UserCellViewModel.init(user:)))
            page.users = users
            return .loaded(page)
        }

        static func render(_ renderer: some ListRenderer, _ users: [User] = [user, sparse]) throws -> String {
            try RenderingFixtures.render(renderer, state(users))
        }

        static let picked = try! OutputColumns(parsing: "id, name,address.city ,company.name,address.geo.lat,initials")

        @Test func parsingKeepsOrderAndNamesAsGiven() throws {
            #expect(Self.picked.columns.map(\.name) == ["id", "name", "address.city", "company.name", "address.geo.lat", "initials"])
            #expect(Self.picked.userFields == [FieldSet(.name), FieldSet(.city), FieldSet(.companyName), FieldSet(.lat)])
            #expect(OutputColumns.cells.areCells)
            #expect(try OutputColumns(parsing: "id,title,subtitle,caption,avatarURL,initials").areCells)
        }

        /// A nested object's name stands for its fields, in order; one named again comes once.
        @Test func groupsAreTheirFields() throws {
            #expect(try OutputColumns(parsing: "id,company").columns.map(\.name) == ["id", "company.name", "company.catchPhrase", "company.bs"])
            #expect(try OutputColumns(parsing: "address.geo,address").columns.map(\.name)
                == ["address.geo.lat", "address.geo.lng", "address.street", "address.suite", "address.city", "address.zipcode"])
            #expect(try OutputColumns(parsing: "company.bs,company").columns.map(\.name) == ["company.bs", "company.name", "company.catchPhrase"])
            #expect(try OutputColumns(parsing: "company,company.bs").columns.map(\.name) == ["company.name", "company.catchPhrase", "company.bs"])
        }

        @Test(arguments: [
            ("id,nope", "--fields: unknown field 'nope'"),
            ("id,,email", "--fields: an empty name in 'id,,email'"),
            ("email,email", "--fields: 'email' is named twice"),
            ("addres", "--fields: unknown field 'addres'"),
            ("", "--fields: an empty name in ''"),
        ])
        func badListsAreUsageErrors(_ list: String, _ message: String) {
            #expect(throws: UserlistError.self) { try OutputColumns(parsing: list) }
            do {
                _ = try OutputColumns(parsing: list)
            } catch {
                #expect(error.kind == .usage)
                #expect(error.message.hasPrefix(message), "\(error.message)")
            }
        }

        @Test func tsvEscapesAndLeavesMissingEmpty() throws {
            let text = try Self.render(TSVRenderer(columns: Self.picked))
            #expect(text == "id\tname\taddress.city\tcompany.name\taddress.geo.lat\tinitials\n"
                + "7\tZoë\\tMüller\tBerlin\\\\Mitte\tAcme, \"GmbH\"\t52.52\tZM\n"
                + "8\t张伟\\nline two\t\t\t\t张T\n")
        }

        @Test func tsvDefaultColumnsAndNoHeader() throws {
            let text = try Self.render(TSVRenderer(header: false), [Self.sparse])
            #expect(text == "8\t张伟\\nline two\t\t\t\t张T\n")
            #expect(try Self.render(TSVRenderer(), []).hasPrefix("id\ttitle\tsubtitle\tcaption\tavatarURL\tinitials\n"))
        }

        @Test func csvWithFieldsQuotesAsBefore() throws {
            let text = try Self.render(CSVCellRenderer(columns: Self.picked, header: true))
            #expect(text == "id,name,address.city,company.name,address.geo.lat,initials\r\n"
                + "7,Zoë\tMüller,Berlin\\Mitte,\"Acme, \"\"GmbH\"\"\",52.52,ZM\r\n"
                + "8,\"张伟\nline two\",,,,张T\r\n")
            #expect(try Self.render(CSVCellRenderer(columns: Self.picked, header: false), []) == "")
        }

        @Test func ndjsonKeysAreTheNamesWithNullForMissing() throws {
            let columns = try OutputColumns(parsing: "id,address.city,phone")
            let text = try Self.render(NDJSONCellRenderer(columns: columns))
            #expect(text == #"{"id":"7","address.city":"Berlin\\Mitte","phone":"+49 30 1234"}"# + "\n"
                + #"{"id":"8","address.city":null,"phone":null}"# + "\n")
        }

        @Test func encodedRowsMatchRenderedItems() throws {
            // The reading threads encode rows (`CellEncoder`); they must equal what the page renders.
            for renderer in [TSVRenderer(columns: Self.picked) as any RowStreamingRenderer, CSVCellRenderer(columns: Self.picked), NDJSONCellRenderer(columns: Self.picked)] {
                let rows = renderer.encode([Self.user, Self.sparse].map(UserRow.init(user:)))
                let writer = OutputWriter()
                renderer.writeHeader(to: writer)
                for row in rows { writer.write(row) }
                #expect(writer.text == (try Self.render(renderer)))
            }
        }

        @Test func tableShowsTheFieldsUnderTheirNames() throws {
            let columns = try OutputColumns(parsing: "id,address.city,company.name")
            let text = try Self.render(TableRenderer(columns: columns))
            #expect(text == "id  address.city  company.name\n"
                + "7   Berlin\\Mitte  Acme, \"GmbH\"\n"
                + "8\n"
                + "page 1 of 1 · 2 users\n")
            let bare = try Self.render(TableRenderer(columns: columns, header: false), [Self.sparse])
            #expect(bare == "8\npage 1 of 1 · 1 user\n")
        }
    }
}

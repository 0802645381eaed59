import Testing
@testable import UserListGateway
import UserListTestSupport

extension GatewayTests {
    /// API error bodies (read by `curl` with the same pipe as users) are recognised and their
    /// message kept; documents that are not errors are not taken for one.
    @Suite struct APIErrorBodyTests {
        @Test(arguments: [
            (#"{"message":"API rate limit exceeded for 1.2.3.4.","documentation_url":"https://docs.github.com/rest"}"#, "API rate limit exceeded for 1.2.3.4."),
            (#"{"message":"Not Found","documentation_url":"https://docs.github.com/rest","status":"404"}"#, "Not Found (status 404)"),
            (#"{"ok":false,"error":"invalid_auth"}"#, "invalid_auth"),
            (#"{"ok":false,"error":"missing_scope","needed":"users:read"}"#, "missing_scope (needed: users:read)"),
            (#"{"error":{"code":"Request_ResourceNotFound","message":"Resource 'x' does not exist."}}"#, "Request_ResourceNotFound: Resource 'x' does not exist."),
            (#"{"schemas":["urn:ietf:params:scim:api:messages:2.0:Error"],"detail":"Resource 2819c223 not found","status":"404"}"#, "Resource 2819c223 not found (status 404)"),
            (#"{"error":"Missing password"}"#, "Missing password"),
            (#"{"message":"Invalid/Expired Token!"}"#, "Invalid/Expired Token!"),
            (#"{"error":"invalid_grant","error_description":"Bad credentials"}"#, "invalid_grant: Bad credentials"),
            (#"{"errors":[{"message":"Rate limit exceeded","code":88},{"message":"Try later"}]}"#, "Rate limit exceeded; Try later"),
            (#"{"type":"about:blank","title":"Forbidden","status":403,"detail":"No access to users"}"#, "Forbidden: No access to users"),
            // PascalCase problem details (Xero), Intuit's Fault, OData v2's message object,
            // Constant Contact's array, Monday's error_message.
            (#"{"Type":null,"Title":"Unauthorized","Status":401,"Detail":"AuthenticationUnsuccessful","Instance":"7c8e"}"#, "Unauthorized: AuthenticationUnsuccessful"),
            (#"{"Fault":{"Error":[{"Message":"AuthenticationFailed","Detail":"Token expired","code":"3200"}],"type":"AUTHENTICATION"},"time":"2023-10-04"}"#, "AuthenticationFailed: Token expired"),
            (#"{"error":{"code":"COE_GENERAL_FORBIDDEN","message":{"lang":"en-US","value":"Permission denied"}}}"#, "COE_GENERAL_FORBIDDEN: Permission denied"),
            (#"[{"error_key":"unauthorized","error_message":"Unauthorized"}]"#, "Unauthorized (unauthorized)"),
            (#"{"error_code":"UserUnauthorizedException","status_code":403,"error_message":"User unauthorized","error_data":{}}"#, "User unauthorized (UserUnauthorizedException)"),
        ])
        func recognised(_ body: String, _ message: String) throws {
            #expect(try ParsedJSON.with(body) { APIErrorBodies.message(in: $0) } == message)
        }

        @Test(arguments: [
            #"{"ok":true,"members":[]}"#,
            #"{"schemas":["urn:ietf:params:scim:schemas:core:2.0:User"],"userName":"bjensen"}"#,
            #"{"total":0,"page":1}"#,
            #"[{"error":"x"}]"#,
        ])
        func notAnError(_ body: String) throws {
            #expect(try ParsedJSON.with(body) { APIErrorBodies.message(in: $0) } == nil)
        }

        @Test func anErrorBodyIsBadDataNamingTheInput() throws {
            let dir = TemporaryDirectory()
            let path = dir.write("error.json", #"{"ok":false,"error":"invalid_auth"}"#)
            let error = GatewayTests.readError(file: path)
            #expect(error?.kind == .data)
            #expect(error?.message == "\(path): the API returned an error: invalid_auth")
        }
    }
}

import Testing
import UserListDomain
@testable import UserListGateway

extension GatewayTests {
    /// Where a page says the next one is (issue 20): by the names APIs give it, in the document
    /// and in the object holding the users; a flag that no more follow wins.
    @Suite struct NextPageTests {
        /// The next page of `json`, found through detection as a run finds it.
        private func next(_ json: String) throws -> NextPage? {
            try ParsedJSON.with(json) { document in
                for shape in PayloadShapes.all {
                    if let records = shape.userRecords(in: document) { return shape.pagingNote(in: document, records: records)?.next }
                }
                return nil
            }
        }

        private static let users = #"[{"id":"u1","email":"a@example.com"},{"id":"u2","email":"b@example.com"}]"#

        @Test(arguments: [
            (#"{"@odata.context":"https://graph.microsoft.com/v1.0/$metadata#users","@odata.nextLink":"https://graph.microsoft.com/v1.0/users?$skiptoken=X","value":USERS}"#, "https://graph.microsoft.com/v1.0/users?$skiptoken=X", #""@odata.nextLink""#),
            (#"{"count":7,"next":"https://api.example.com/users/?page=2","previous":null,"results":USERS}"#, "https://api.example.com/users/?page=2", "next"),
            (#"{"users":USERS,"next_page":"https://x.zendesk.com/api/v2/users.json?page=2","previous_page":null,"count":5}"#, "https://x.zendesk.com/api/v2/users.json?page=2", "next_page"),
            (#"{"data":USERS,"next_page":{"offset":"eyJ0","path":"/users?limit=2&offset=eyJ0","uri":"https://app.asana.com/api/1.0/users?limit=2&offset=eyJ0"}}"#, "https://app.asana.com/api/1.0/users?limit=2&offset=eyJ0", "next_page"),
            (#"{"data":USERS,"links":{"self":"/users?page[number]=1","next":"/users?page[number]=2"}}"#, "/users?page[number]=2", "links.next"),
            (#"{"_embedded":{"users":USERS},"_links":{"next":{"href":"https://api.example.com/users?page=2"}},"items":USERS}"#, "https://api.example.com/users?page=2", "_links.next"),
            (#"{"results":USERS,"paging":{"next":{"after":"3","link":"https://api.hubapi.com/crm/v3/owners?after=3"}}}"#, "https://api.hubapi.com/crm/v3/owners?after=3", "paging.next"),
            (#"{"data":USERS,"paging":{"cursors":{"before":"QVFI","after":"QVFJ"},"next":"https://graph.facebook.com/v19.0/1/members?after=QVFJ"}}"#, "https://graph.facebook.com/v19.0/1/members?after=QVFJ", "paging.next"),
            (#"{"ok":true,"members":USERS,"response_metadata":{"next_cursor":"dXNlcjpVMEc5V0ZYTlo="}}"#, "dXNlcjpVMEc5V0ZYTlo=", "response_metadata.next_cursor"),
            (#"{"object":"list","results":USERS,"next_cursor":"fe2cc560","has_more":true}"#, "fe2cc560", "next_cursor"),
            (#"{"users":USERS,"nextPageToken":"Q0FFU0Vn"}"#, "Q0FFU0Vn", "nextPageToken"),
            (#"{"users":USERS,"next_page_token":"eyJhbGc","page_size":30}"#, "eyJhbGc", "next_page_token"),
            (#"{"Users":USERS,"PaginationToken":"CAISlQIIAR=="}"#, "CAISlQIIAR==", "PaginationToken"),
            (#"{"users":USERS,"next_token":"100","total":200}"#, "100", "next_token"),
            (#"{"results":USERS,"results_metadata":{"total":41,"next_cursor":"dGhpcw"}}"#, "dGhpcw", "results_metadata.next_cursor"),
            (#"{"type":"list","data":USERS,"pages":{"type":"pages","next":{"page":2,"starting_after":"WzE3MTc"},"page":1}}"#, "WzE3MTc", "pages.next.starting_after"),
            (#"{"users":USERS,"meta":{"has_more":true,"after_cursor":"xXaf"},"links":{"prev":null}}"#, "xXaf", "meta.after_cursor"),
            (#"{"members":USERS,"cursor":"ZtkX9","has_more":true}"#, "ZtkX9", "cursor"),
            (#"{"Users":USERS,"IsTruncated":true,"Marker":"AAEAAX"}"#, "AAEAAX", "Marker"),
            (#"{"contacts":USERS,"has-more":true,"vid-offset":751}"#, "751", #""vid-offset""#),
            (#"{"object":"list","url":"/v1/customers","has_more":true,"data":USERS}"#, "u2", "has_more + last id"),
            (#"{"users":USERS,"info":{"per_page":2,"count":2,"page":1,"more_records":true}}"#, "2", "page + 1, more follow"),
            (#"{"batchcomplete":"","continue":{"aufrom":"Ahmad_Shah","continue":"-||"},"query":{"allusers":USERS}}"#, "Ahmad_Shah", "continue.aufrom"),
            (#"{"page":1,"per_page":2,"total":5,"total_pages":3,"data":USERS}"#, "2", "page + 1, of 3"),
            (#"{"success":true,"result":USERS,"result_info":{"page":1,"per_page":2,"count":2,"total_count":5,"total_pages":3}}"#, "2", "page + 1, of 3"),
            (#"{"paging":{"pageIndex":1,"pageSize":2,"total":7},"users":USERS}"#, "2", "pageNumber + 1, of 4"),
            (#"{"schemas":["urn:ietf:params:scim:api:messages:2.0:ListResponse"],"totalResults":9,"itemsPerPage":2,"startIndex":3,"Resources":USERS}"#, "5", "startIndex + itemsPerPage, of 9"),
            (#"{"users":USERS,"total":208,"skip":0,"limit":2}"#, "2", "skip + limit, of 208"),
            (#"{"data":{"users":{"pageInfo":{"hasNextPage":true,"endCursor":"Y3Vy"},"nodes":USERS}}}"#, "Y3Vy", "pageInfo.endCursor"),
            (#"{"users":USERS,"meta":{"pagination":{"page":1,"limit":15,"pages":2,"total":16,"next":2,"prev":null}}}"#, "2", "meta.pagination.next"),
            (#"{"_pagination":{"next":"https://api2.example.com/teammates?page_token=abc"},"_results":USERS}"#, "https://api2.example.com/teammates?page_token=abc", "_pagination.next"),
            (#"{"success":true,"data":USERS,"additional_data":{"pagination":{"start":0,"more_items_in_collection":true,"next_start":100}}}"#, "100", "additional_data.pagination.next_start"),
            (#"{"users":USERS,"meta":{"page":0,"next_page_url":"https://conversations.twilio.com/v1/Users?Page=1"}}"#, "https://conversations.twilio.com/v1/Users?Page=1", "meta.next_page_url"),
            (#"{"results":USERS,"start":0,"_links":{"base":"https://x.atlassian.net/wiki/","next":"/rest/api/group/member?start=200"}}"#, "https://x.atlassian.net/wiki/rest/api/group/member?start=200", "_links.next after _links.base"),
            // By the names' words (PagingFields): flags, `next…` values, cursors.
            (#"{"d":{"results":USERS,"__next":"https://api4.successfactors.com/odata/v2/User?$skiptoken=abc"}}"#, "https://api4.successfactors.com/odata/v2/User?$skiptoken=abc", "__next"),
            (#"{"offset":0,"limit":10,"totalFound":31,"content":USERS,"nextPageId":"MjI5"}"#, "MjI5", "nextPageId"),
            (#"{"users":USERS,"meta":{"count":2,"total":40,"next_page_link":"https://api.aircall.io/v1/users?page=2"}}"#, "https://api.aircall.io/v1/users?page=2", "meta.next_page_link"),
            (#"{"stat":"OK","response":USERS,"metadata":{"next_offset":100,"total_objects":250}}"#, "100", "metadata.next_offset"),
            (#"{"requestId":"4al0","records":{"totalRecords":263,"currentPageSize":100,"cursor":"eyJhbGciOiJIUzI1"},"users":USERS}"#, "eyJhbGciOiJIUzI1", "records.cursor"),
            (#"{"items":USERS,"cursor":"ZtkX9"}"#, "ZtkX9", "cursor"),
            (#"{"subscribers":USERS,"pagination":{"has_previous_page":false,"has_next_page":true,"start_cursor":"WzFd","end_cursor":"WzJd","per_page":2}}"#, "WzJd", "pagination.end_cursor, more follow"),
            (#"{"data":USERS,"hasMore":true,"endingCursor":"dXNlcl8wMDI="}"#, "dXNlcl8wMDI=", "endingCursor, more follow"),
            (#"{"people":USERS,"metadata":{"paging":{"per_page":25,"current_page":1,"next_page":2,"prev_page":null}}}"#, "2", "metadata.paging.next_page"),
            (#"{"pagination":{"pageNumber":"1","pageSize":"2","totalAvailable":"5"},"users":{"user":USERS}}"#, "2", "pageNumber + 1, of 3"),
            (#"{"members":USERS,"metadata":{"count":2,"offset":0,"total":9}}"#, "2", "offset + count, of 9"),
            (#"{"users":USERS,"meta":{"page":1,"total":60,"number_of_pages":3}}"#, "2", "page + 1, of 3"),
            (#"{"users":USERS,"meta":{"page":1,"total_pages":3},"links":{"next":null},"last":false}"#, "2", "page + 1, of 3"),
            (#"{"data":USERS,"links":[{"rel":"self","uri":"/v3.0/users?limit=2"},{"rel":"next","uri":"/v3.0/users?limit=2&starting_after=58da"}]}"#, "/v3.0/users?limit=2&starting_after=58da", "links[rel=next].uri"),
        ])
        func theNextPage(json: String, value: String, source: String) throws {
            let found = try next(json.replacingOccurrences(of: "USERS", with: Self.users))
            #expect(found == NextPage(value: value, source: source))
        }

        @Test(arguments: [
            #"{"object":"list","results":USERS,"next_cursor":null,"has_more":false}"#,
            #"{"members":USERS,"cursor":"ZtkX9","has_more":false}"#,
            #"{"users":USERS,"next_page_token":"","page_count":1}"#,
            #"{"count":7,"next":null,"previous":"https://api.example.com/users/?page=2","results":USERS}"#,
            #"{"data":{"users":{"pageInfo":{"hasNextPage":false,"endCursor":"Y3Vy"},"nodes":USERS}}}"#,
            #"{"Users":USERS,"IsTruncated":false,"Marker":"AAEAAX"}"#,
            #"{"page":3,"total_pages":3,"data":USERS}"#,
            #"{"users":USERS,"cursor":"ZtkX9","hasMore":false}"#,
            // A flag by its words wins over any cursor (Ashby's last page keeps `nextCursor`).
            #"{"success":true,"results":USERS,"moreDataAvailable":false,"nextCursor":"qB","syncToken":"7X16"}"#,
            #"{"values":USERS,"isLastPage":true,"nextPageStart":null,"start":0}"#,
            #"{"connections":USERS,"nextSyncToken":"CKjl","totalPeople":2}"#,
            // A bare `has_more` outside a list by ids: Stack Exchange pages by number, unsaid here.
            #"{"items":USERS,"has_more":true,"quota_max":300,"quota_remaining":297}"#,
            #"{"success":true,"result":USERS,"result_info":{"page":3,"per_page":2,"count":1,"total_count":5,"total_pages":3}}"#,
            // A single user, a top-level array: no paging in a body.
            #"{"id":"u1","email":"a@example.com","next":"https://x.example/2"}"#,
            "USERS",
        ])
        func theLastPage(json: String) throws {
            #expect(try next(json.replacingOccurrences(of: "USERS", with: Self.users)) == nil)
        }
    }
}

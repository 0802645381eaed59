/// The payload shapes the Gateway knows, in detection order (most specific first).
enum PayloadShapes {
    static let all: [any PayloadShape] = [
        ReqresShape(),
        EnvelopeShape(),
        UserArrayShape(),
        SingleUserShape(),
    ]

    /// What the shapes look for, for the message when none matched.
    static let expectation = "a user object, an array of users, an envelope with a \"users\" array, or a reqres.in page"
}

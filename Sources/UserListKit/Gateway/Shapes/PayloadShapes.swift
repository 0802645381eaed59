/// The payload shapes the Gateway knows, in detection order (most specific first).
enum PayloadShapes {
    static let all: [any PayloadShape] = [
        EnvelopeShape(),
        UserArrayShape(),
        SingleUserShape(),
    ]

    /// What the shapes look for, for the message when none matched.
    static let expectation = "a user object, an array of users, or an envelope with a \"users\" array"
}

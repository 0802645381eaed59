/// The payload shapes the Gateway knows, in detection order: the named APIs (each recognised by
/// its envelope's own keys), then seed 000's envelope, a bare array, a single user, and last any
/// other envelope through the general mapping.
enum PayloadShapes {
    static let all: [any PayloadShape] = [
        ReqresShape(),
        DummyJSONShape(),
        RandomUserShape(),
        SCIMShape(),
        MicrosoftGraphShape(),
        SlackShape(),
        GitHubShape(),
        EnvelopeShape(),
        UserArrayShape(),
        SingleUserShape(),
        GeneralEnvelopeShape(),
    ]

    /// What detection looks for, for the message when nothing matched.
    static let expectation = "expected a user object, an array of users, or an envelope holding one (an array of objects with a name, username or email, at the top level or one level down)"
}

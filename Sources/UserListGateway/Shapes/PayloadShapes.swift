import UserListDomain
/// The payload shapes the Gateway knows, in detection order: the named APIs (each recognised by
/// its envelope's own keys), then seed 000's envelope, a bare array, any other envelope holding
/// an array of users (so a team object with its own `id` and `name` lists its members), a single
/// user, a GraphQL connection, and last users in an object keyed by id. The last two are asked
/// only of an object that is no single user (the quick test of ``SingleUserShape`` answers for
/// each line of an export first).
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
        GeneralEnvelopeShape(),
        SingleUserShape(),
        GraphQLShape(),
        KeyedUsersShape(),
        DeepEnvelopeShape(),
    ]

    /// What detection looks for, for the message when nothing matched.
    static let expectation = "expected a user object, an array of users, or an envelope holding one (an array of objects with an email, a username or a person's name, at any depth)"
}

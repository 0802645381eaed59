/// A good document of the corpus: one user, an array of users, or an envelope `{"users": [...],
/// "total": N}`, written compact (a line) or indented as `jq .` writes it (pretty).
enum CorpusJSON {
    case user(CorpusUser)
    case array([CorpusUser])
    case envelope([CorpusUser])

    var users: [CorpusUser] {
        switch self {
        case .user(let user): [user]
        case .array(let users), .envelope(let users): users
        }
    }

    var value: Value {
        switch self {
        case .user(let user): user.value
        case .array(let users): .array(users.map(\.value))
        case .envelope(let users): .object([("users", .array(users.map(\.value))), ("total", .number(users.count))])
        }
    }

    var compact: String { value.compact }
    var pretty: String { value.pretty(indent: 0) }

    /// A JSON value with its keys in order.
    indirect enum Value {
        case object([(String, Value)])
        case array([Value])
        case string(String)
        case number(Int)
        /// Written as it is (an id such as `7`).
        case raw(String)

        var compact: String {
            switch self {
            case .object(let members): "{" + members.map { Self.quoted($0.0) + ":" + $0.1.compact }.joined(separator: ",") + "}"
            case .array(let elements): "[" + elements.map(\.compact).joined(separator: ",") + "]"
            case .string(let text): Self.quoted(text)
            case .number(let number): String(number)
            case .raw(let text): text
            }
        }

        func pretty(indent: Int) -> String {
            let inner = String(repeating: " ", count: indent + 2)
            let outer = String(repeating: " ", count: indent)
            switch self {
            case .object(let members) where !members.isEmpty:
                return "{\n" + members.map { inner + Self.quoted($0.0) + ": " + $0.1.pretty(indent: indent + 2) }.joined(separator: ",\n") + "\n" + outer + "}"
            case .array(let elements) where !elements.isEmpty:
                return "[\n" + elements.map { inner + $0.pretty(indent: indent + 2) }.joined(separator: ",\n") + "\n" + outer + "]"
            default:
                return compact
            }
        }

        /// `text` as a JSON string: `"`, `\` and control characters escaped, the rest as UTF-8.
        static func quoted(_ text: String) -> String {
            var out = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\t": out += "\\t"
                case _ where scalar.value < 0x20: out += "\\u00" + String(scalar.value, radix: 16).leftPadded(to: 2)
                default: out.unicodeScalars.append(scalar)
                }
            }
            return out + "\""
        }
    }
}

/// A user: an id (a number or a string as written, and as the output says it), a name that
/// becomes the row's title, an email, maybe a city and a bio.
struct CorpusUser {
    /// As the output says it.
    var id: String
    /// As the input writes it: `7` or `"u-7"`.
    var idJSON: String
    var name: String
    var email: String
    var city: String?
    var bio: String?

    var value: CorpusJSON.Value {
        var members: [(String, CorpusJSON.Value)] = [("id", .raw(idJSON)), ("name", .string(name)), ("email", .string(email))]
        if let city { members.append(("address", .object([("city", .string(city)), ("zipcode", .string("10115"))]))) }
        if let bio { members.append(("bio", .string(bio))) }
        return .object(members)
    }
}

extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}

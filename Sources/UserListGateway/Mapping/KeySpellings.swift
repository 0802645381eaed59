/// The other spellings a mapping's key is read in, besides its own: PascalCase (`Id`,
/// `FullPhotoUrl`, as Salesforce, .NET and PowerShell write them), and for a key of words
/// (`first_name`, `emailAddress`, `user_id`) the column headers of a spreadsheet or a SQL export
/// turned into JSON: `First Name`, `First name`, `Email Address`, `User ID`, `first name`, `FIRST_NAME`
/// (a lone word in capitals: `ID`, `EMAIL`), Zoho's `First_Name`, Xero's `UserID`, and kebab-case
/// (`email-address`, Teamwork's). A mapping that
/// names a spelling itself keeps it.
enum KeySpellings {
    /// Words written in capitals in a title (`User ID`, `Avatar URL`).
    private static let acronyms: Set<String> = ["id", "url", "uri", "uuid", "guid"]

    /// `key`'s other spellings, in order, without `key` itself.
    static func of(_ key: String) -> [String] {
        guard let first = key.unicodeScalars.first, first.isASCII, first.properties.isLowercase else { return [] }
        var spellings = [first.properties.uppercaseMapping + key.dropFirst()]
        let words = words(of: key)
        if words.count == 1 {
            spellings.append(key.uppercased())
        } else if words.count > 1 {
            spellings.append(words.map { acronyms.contains($0) ? $0.uppercased() : $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " "))
            spellings.append(words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " "))
            // Sentence case, as Google Forms and most sheets write it: `First name`, `User ID`.
            let rest = words.dropFirst().map { acronyms.contains($0) ? $0.uppercased() : $0 }
            spellings.append(([words[0].prefix(1).uppercased() + words[0].dropFirst()] + rest).joined(separator: " "))
            spellings.append(words.joined(separator: " "))
            // kebab-case, as Teamwork's v1 API and HubSpot's v1 write keys: `email-address`, `user-name`.
            spellings.append(words.joined(separator: "-"))
            spellings.append(words.joined(separator: "_").uppercased())
            // Title_Snake_Case, as Zoho writes its fields: `First_Name`, `Full_Name`, `Created_By`.
            spellings.append(words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: "_"))
            // PascalCase and camelCase with the acronym in capitals, as Xero and Go write them:
            // `UserID`, `ContactID`, `userID`, `AvatarURL`.
            if words.contains(where: acronyms.contains) {
                let capitalised = words.map { acronyms.contains($0) ? $0.uppercased() : $0.prefix(1).uppercased() + $0.dropFirst() }
                spellings.append(capitalised.joined())
                spellings.append(words[0] + capitalised.dropFirst().joined())
            }
        }
        var seen: Set<String> = [key]
        return spellings.filter { seen.insert($0).inserted }
    }

    /// The lower-case words of a snake_case, kebab-case or camelCase key; none when it holds
    /// anything else (`@odata.type`, `$id`).
    private static func words(of key: String) -> [String] {
        var words: [String] = []
        var word = ""
        for character in key {
            if character == "_" || character == "-" {
                if !word.isEmpty { words.append(word) }
                word = ""
            } else if character.isASCII, character.isLetter || character.isNumber {
                if character.isUppercase, !word.isEmpty, word.last!.isLowercase {
                    words.append(word)
                    word = ""
                }
                word.append(character.lowercased())
            } else {
                return []
            }
        }
        if !word.isEmpty { words.append(word) }
        return words
    }
}

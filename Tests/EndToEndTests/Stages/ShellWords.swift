/// The words of a simple shell command line, as `sh` splits them: quotes ('…', "…" with `\`
/// escapes) are removed, and the line ends at the first unquoted `;`, `|`, `&`, `<` or `>` —
/// enough to read the golden cases' `userlist …` commands (nil for anything with `$`, backquotes,
/// parentheses or globs, which this does not expand).
enum ShellWords {
    static func firstCommand(_ line: String) -> [String]? {
        var words: [String] = []
        var word = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in line {
            if escaped {
                word.append(character)
                escaped = false
                continue
            }
            if let open = quote {
                if character == open {
                    quote = nil
                } else if open == "\"", character == "\\" {
                    escaped = true
                } else if open == "\"", character == "$" || character == "`" {
                    return nil
                } else {
                    word.append(character)
                }
                continue
            }
            switch character {
            case "'", "\"":
                quote = character
                inWord = true
            case "\\":
                escaped = true
                inWord = true
            case " ", "\t", "\n":
                if inWord { words.append(word) }
                word = ""
                inWord = false
            case ";", "|", "&", "<", ">":
                // `2>/dev/null` ends the command too; its `2` is not a word of it.
                if inWord, !(character == ">" && word.allSatisfy(\.isNumber)) { words.append(word) }
                return words
            case "$", "`", "(", ")", "*", "?":
                return nil
            default:
                word.append(character)
                inWord = true
            }
        }
        guard quote == nil else { return nil }
        if inWord { words.append(word) }
        return words
    }
}

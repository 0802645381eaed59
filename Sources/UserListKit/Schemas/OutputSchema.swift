import UserListDomain
import UserListViewModel
import UserListDiff
import Foundation

/// `userlist schema row|list|summary|rejects|diff`: the JSON Schema (draft 2020-12) of each JSON
/// output userlist writes. The fields come from the one table of them (``CanonicalField``,
/// ``CellKey``, with their descriptions); a test validates real outputs against these with a
/// maintained validator, so a schema that drifts from the output fails.
public enum OutputSchema: String, CaseIterable, Sendable {
    /// One row: an `ndjson` line, an element of the `json` envelope's `items`.
    case row
    /// The `json` envelope (`--format json`).
    case list
    /// The `--summary` object.
    case summary
    /// One `--rejects` line.
    case rejects
    /// One `userlist diff` entry (an `ndjson` line, an element of `json`'s array).
    case diff
    /// `userlist diff --summary`'s object.
    case diffSummary = "diff-summary"

    static let dialect = "https://json-schema.org/draft/2020-12/schema"

    /// The schema as pretty-printed JSON. `columns`: the row's keys (`--fields`); nil: the cell's six.
    public func text(columns: OutputColumns? = nil) -> String {
        let data = try! JSONSerialization.data(withJSONObject: schema(columns: columns), options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    func schema(columns: OutputColumns?) -> [String: Any] {
        var schema: [String: Any] = ["$schema": Self.dialect, "$id": "https://userlist.invalid/schema/\(rawValue).json"]
        switch self {
        case .row:
            schema.merge(Self.row(columns ?? .cells)) { $1 }
        case .list:
            schema["title"] = "userlist --format json"
            schema["description"] = "The list state: the page's rows and the counts of the whole answer."
            schema["type"] = "object"
            schema["required"] = ["state", "totalItems", "page", "pageSize", "totalPages", "hasMore", "items"]
            schema["additionalProperties"] = false
            schema["properties"] = [
                "state": ["enum": ["empty", "loaded"], "description": "empty when nothing matched."],
                "totalItems": Self.count("Users that matched (all pages)."),
                "page": ["type": "integer", "minimum": 1],
                "pageSize": Self.count("Users per page (the whole answer without --page)."),
                "totalPages": Self.count("Pages of the answer (0 when empty)."),
                "hasMore": ["type": "boolean"],
                "items": ["type": "array", "items": ["$ref": "#/$defs/row"]],
            ] as [String: Any]
            schema["$defs"] = ["row": Self.row(columns ?? .cells)]
        case .summary:
            schema["title"] = "userlist --summary"
            schema["description"] = "A run's counts: records = users + rejected + duplicates + excluded. Counts a failed run could not know are null."
            schema["type"] = "object"
            schema["required"] = ["inputs", "bytes", "records", "users", "rejected", "duplicates", "excluded", "matched", "written", "next", "seconds", "status"]
            schema["additionalProperties"] = false
            schema["properties"] = [
                "inputs": Self.count("Inputs read."),
                "bytes": Self.count("Bytes read from the inputs."),
                "records": Self.count("Records read."),
                "users": Self.count("Distinct users.", nullable: true),
                "rejected": Self.count("Records that did not become a user."),
                "duplicates": Self.count("Later records of an id already seen.", nullable: true),
                "excluded": Self.count("Bots, groups, deleted accounts left out.", nullable: true),
                "matched": Self.count("Users in the list (after --where and --search, all pages).", nullable: true),
                "written": Self.count("Rows printed.", nullable: true),
                "next": ["type": ["string", "null"], "description": "Where the next page is: its URL or cursor."],
                "seconds": ["type": "number", "minimum": 0],
                "guards": [
                    "type": "object", "description": "--min-users, --max-users, --max-drop: what was checked.",
                    "required": ["matched", "minUsers", "maxUsers", "maxDrop", "status", "failed"],
                    "additionalProperties": false,
                    "properties": [
                        "matched": Self.count("The count checked.", nullable: true),
                        "minUsers": Self.count("--min-users.", nullable: true),
                        "maxUsers": Self.count("--max-users.", nullable: true),
                        "maxDrop": ["type": ["number", "null"], "minimum": 0, "maximum": 100],
                        "baseline": ["type": "string", "description": "--baseline's file."],
                        "baselineFormat": ["enum": ["json", "summary", "ndjson", "csv", "tsv", "table", "markdown", "html", "empty", NSNull()]],
                        "baselineUsers": Self.count("The baseline's count.", nullable: true),
                        "drop": ["type": ["number", "null"], "description": "The fall in percent (negative: it grew)."],
                        "status": ["enum": ["passed", "failed", "not checked"]],
                        "failed": ["enum": ["--min-users", "--max-users", "--max-drop", NSNull()]],
                    ] as [String: Any],
                ] as [String: Any],
                "status": ["enum": ["ok", "failed"]],
                "exitCode": ["type": "integer", "minimum": 1, "maximum": 255],
                "error": ["type": "string"],
            ] as [String: Any]
            schema["if"] = ["properties": ["status": ["const": "failed"]]]
            schema["then"] = ["required": ["exitCode", "error"]]
        case .rejects:
            schema["title"] = "userlist --rejects line"
            schema["description"] = "A record that did not become a user, or a user --where failed on."
            schema["type"] = "object"
            schema["required"] = ["input", "line", "column", "kind", "reason"]
            schema["additionalProperties"] = false
            schema["properties"] = [
                "input": ["type": "string", "description": "The input's name ('-' for standard input)."],
                "line": ["type": "integer", "minimum": 1],
                "column": ["type": "integer", "minimum": 1],
                "path": ["type": "string", "description": "The record's place in its document, '.' for a whole document."],
                "kind": ["enum": ["bad-json", "unusable", "where"]],
                "reason": ["type": "string"],
                "record": ["description": "The record's JSON as the input had it (for where: the canonical user)."],
                "text": ["type": "string", "description": "The raw text of a record that isn't JSON."],
            ] as [String: Any]
            schema["oneOf"] = [["required": ["record"]], ["required": ["text"]]]
        case .diff:
            schema["title"] = "userlist diff entry"
            schema["type"] = "object"
            schema["required"] = ["change", "id"]
            schema["additionalProperties"] = false
            schema["properties"] = [
                "change": ["enum": DiffChange.allCases.map(\.rawValue)],
                "id": ["type": "string"],
                "user": ["$ref": "#/$defs/user"],
                "changes": [
                    "type": "object", "minProperties": 1,
                    "propertyNames": ["enum": ComparedFields.all.fields.map(\.name)],
                    "additionalProperties": [
                        "type": "object", "required": ["old", "new"], "additionalProperties": false,
                        "properties": ["old": ["type": ["string", "null"]], "new": ["type": ["string", "null"]]],
                    ] as [String: Any],
                ] as [String: Any],
            ] as [String: Any]
            schema["oneOf"] = [
                ["properties": ["change": ["enum": ["added", "removed"]]], "required": ["user"], "not": ["required": ["changes"]]],
                ["properties": ["change": ["const": "changed"]], "required": ["changes"], "not": ["required": ["user"]]],
            ]
            schema["$defs"] = ["user": Self.canonicalUser]
        case .diffSummary:
            let side: [String: Any] = [
                "type": "object", "required": ["inputs", "records", "users", "rejected", "duplicates", "excluded"], "additionalProperties": false,
                "properties": [
                    "inputs": Self.count("Inputs of the side."),
                    "records": Self.count("Records read.", nullable: true),
                    "users": Self.count("Distinct users.", nullable: true),
                    "rejected": Self.count("Records that did not become a user.", nullable: true),
                    "duplicates": Self.count("Later records of an id already seen.", nullable: true),
                    "excluded": Self.count("Bots, groups, deleted accounts left out.", nullable: true),
                ] as [String: Any],
            ]
            schema["title"] = "userlist diff --summary"
            schema["type"] = "object"
            schema["required"] = ["old", "new", "added", "removed", "changed", "seconds", "status"]
            schema["additionalProperties"] = false
            schema["properties"] = [
                "old": ["$ref": "#/$defs/side"], "new": ["$ref": "#/$defs/side"],
                "added": Self.count("Users only NEW has.", nullable: true),
                "removed": Self.count("Users only OLD has.", nullable: true),
                "changed": Self.count("Users whose compared fields differ.", nullable: true),
                "seconds": ["type": "number", "minimum": 0],
                "status": ["enum": ["ok", "failed"]],
                "exitCode": ["type": "integer", "minimum": 1, "maximum": 255],
                "error": ["type": "string"],
            ] as [String: Any]
            schema["$defs"] = ["side": side]
            schema["if"] = ["properties": ["status": ["const": "failed"]]]
            schema["then"] = ["required": ["exitCode", "error"]]
        }
        return schema
    }

    /// A row: the columns' keys, each a string (or null where it can be), with its description.
    static func row(_ columns: OutputColumns) -> [String: Any] {
        var properties: [String: Any] = [:]
        for column in columns.columns {
            let (nullable, summary) = Self.describe(column.name)
            properties[column.name] = ["type": nullable ? ["string", "null"] : "string", "description": summary] as [String: Any]
        }
        return [
            "title": "userlist row", "description": "One user's row: the cell's keys, or the --fields named.",
            "type": "object", "required": columns.columns.map(\.name), "additionalProperties": false, "properties": properties,
        ]
    }

    /// The contract's canonical user (what --where sees, and diff prints whole), nested: each
    /// object's keys as the field table nests them (``CanonicalGroup/members``).
    static var canonicalUser: [String: Any] {
        func object(_ group: CanonicalGroup) -> [String: Any] {
            var properties: [String: Any] = [:]
            for member in group.members {
                switch member {
                case .field(let field): properties[field.jsonKey] = ["type": field.isNullable ? ["string", "null"] : "string", "description": field.summary] as [String: Any]
                case .group(let nested): properties[nested.key] = object(nested)
                }
            }
            return ["type": group == .user ? "object" : ["object", "null"], "required": properties.keys.sorted(), "additionalProperties": false, "properties": properties]
        }
        return object(.user)
    }

    /// Whether a column name's value can be null, and what it is.
    static func describe(_ name: String) -> (nullable: Bool, summary: String) {
        if let key = CellKey(rawValue: name) { return (key.isNullable, key.summary) }
        if let field = CanonicalField(rawValue: name) { return (field.isNullable, field.summary) }
        return (true, "")
    }

    private static func count(_ description: String, nullable: Bool = false) -> [String: Any] {
        ["type": nullable ? ["integer", "null"] : "integer", "minimum": 0, "description": description]
    }
}


/// One step of a path into a JSON document: an object member by key, or an array element by index.
///
/// Keys are the unescaped text, compared byte for byte as UTF-8 (as jq does, so `é` and
/// `e\u0301` are different keys). A negative index counts from the end, as in jq (`.[-1]`).
public enum JSONPathComponent: Hashable, Sendable {
    case key(String)
    case index(Int)
}

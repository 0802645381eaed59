import CSimdJSON

/// simdjson's version, for `userlist --version`: the one userlist was built with (simdjson has
/// no run-time version to ask).
public enum SimdJSONVersion {
    public static var text: String { String(cString: csj_version()) }
}

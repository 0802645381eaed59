import COniguruma

/// The version of Oniguruma running `test()` (the regex engine libjq links), for `userlist --version`.
public enum OnigurumaVersion {
    public static var text: String { String(cString: onig_version()) }
}

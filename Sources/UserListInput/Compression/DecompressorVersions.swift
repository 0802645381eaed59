import CZlib
import CZstd
import CLzma
import CBzip2

/// The decompressors' versions, as the libraries running say them, for `userlist --version`.
public enum DecompressorVersions {
    public static var all: [(library: String, version: String)] {
        // libbz2 says "1.0.8, 13-Jul-2019".
        let bzip2 = String(cString: BZ2_bzlibVersion()).split(separator: ",").first.map(String.init) ?? "?"
        return [("zlib", String(cString: zlibVersion())), ("libzstd", String(cString: ZSTD_versionString())),
                ("liblzma", String(cString: lzma_version_string())), ("libbz2", bzip2)]
    }
}

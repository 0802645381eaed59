// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "userlist",
    products: [
        .library(name: "UserListKit", targets: ["UserListKit"]),
        .executable(name: "userlist", targets: ["userlist"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        // The html page's templates (`--format html`): logic-less Mustache, no dependencies of its own.
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        // The config file (`config.toml`): TOML parsed by toml++, with the line and column of a syntax error.
        .package(url: "https://github.com/LebJe/TOMLKit", exact: "0.6.0"),
    ],
    targets: [
        // libjq 1.6 from Debian's libjq-dev, which ships no pkg-config file.
        .systemLibrary(
            name: "CJQ",
            providers: [.apt(["libjq-dev"])]
        ),
        // zlib, libzstd, liblzma and libbz2 (Debian's zlib1g-dev, libzstd-dev, liblzma-dev,
        // libbz2-dev): compressed inputs, found by their magic bytes.
        .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CBzip2", providers: [.apt(["libbz2-dev"])]),
        .systemLibrary(name: "CZstd", providers: [.apt(["libzstd-dev"])]),
        .systemLibrary(name: "CLzma", providers: [.apt(["liblzma-dev"])]),
        // xxHash (Debian's libxxhash-dev), header-only: ByteHash, the hash of ByteKeyTable (dedupe's ids, the sort head memo, the diff's ids) and of the diff's digests.
        .systemLibrary(name: "CXXHash", providers: [.apt(["libxxhash-dev"])]),
        // Oniguruma (Debian's libonig-dev), the regex engine libjq 1.6 runs: a native `test()`.
        .systemLibrary(name: "COniguruma", providers: [.apt(["libonig-dev"])]),
        // ICU (Debian's libicu-dev): `--collate`'s collation keys and `--search-locale`'s case
        // mapping. A C target, not a system library: its header holds plain C types, since ICU's
        // own headers clash with Foundation's private copy of ICU in one Swift module.
        .target(
            name: "CICU",
            linkerSettings: [.linkedLibrary("icui18n"), .linkedLibrary("icuuc"), .linkedLibrary("icudata")]
        ),
        // A small C shim over simdjson's document stream (Debian's libsimdjson-dev).
        .target(
            name: "CSimdJSON",
            cxxSettings: [.define("SIMDJSON_THREADS_ENABLED", to: "1")],
            linkerSettings: [.linkedLibrary("simdjson")]
        ),
        // A crash inside libjq (its unbounded recursion) becomes one line and exit 65.
        .target(name: "CStackGuard"),
        // The domain every layer speaks (User, errors, records, the source seam): no I/O, and no
        // dependency but the Platform below it (a failed system call as a problem), so nothing in
        // it can reach up into a layer.
        .target(name: "UserListDomain", dependencies: ["UserListPlatform"]),
        // The operating system, for every layer: reading and writing descriptors (EINTR retried),
        // memcmp/memchr/memset/memmove, errno text, terminal facts, exit, temporary files,
        // AtomicFile, signals, so `Glibc` stays out of the layers; failures are `SystemError`
        // values, which the Domain turns into problems once (UserlistError+SystemError.swift).
        .target(name: "UserListPlatform", dependencies: ["CStackGuard"]),
        // Data structures the layers share, one per file (as swift-collections holds them):
        // `ByteHash` (XXH3, seeded per process) and `ByteKeyTable`, byte strings found by their
        // bytes through an open-addressing table of their hashes (dedupe's ids, the sort head
        // memo, the diff's ids). Public and `@inlinable`: it runs per record.
        .target(name: "UserListCollections", dependencies: ["CXXHash", "UserListPlatform"]),
        // JSON as simdjson parsed it (a tape view, a stream of documents) and exact diagnostics:
        // what the Gateway and the jq adapters read, knowing nothing of users. Its hot accessors
        // are `@_spi(Pipeline) public @inlinable`: `@inlinable package` is not inlined across
        // modules (Swift 6.3; +15% instructions on a run), SPI keeps them out of the public API.
        .target(
            name: "UserListJSON",
            dependencies: ["CSimdJSON", "UserListPlatform"]
        ),
        // `--where` without libjq: the jq that predicates are written in, parsed and run on the
        // canonical user with jq 1.6's semantics; anything else is left to libjq.
        .target(
            name: "UserListPredicate",
            dependencies: ["UserListDomain", "COniguruma"],
            // The evaluator hands continuations to itself recursively: Swift 6.3's closure
            // specializer makes a copy of it for each closure it is given, then for each closure
            // in the copy, without end (past 24 GB before it ran out of memory). Only that pass
            // is turned off, here.
            swiftSettings: [.unsafeFlags(["-Xllvm", "-sil-disable-pass=closure-specialize"])]
        ),
        // libjq for the layers: compiled programs, values (JQValue, the one owner of jv), the
        // canonical user as a jq value, and which fields an expression can see.
        .target(
            name: "UserListJQ",
            dependencies: ["UserListDomain", "UserListJSON", "UserListPredicate", "UserListPlatform", "CJQ", "CStackGuard"]
        ),
        // Reading bytes: files and standard input, gzip/zstd/xz/lzma/bzip2 by their magic bytes, what
        // comes before the JSON (`curl -i` heads, script guards), chunks cut at document ends, and
        // framing (a big array's elements, a big document's outline, where a broken record ends).
        // It knows JSON's syntax and nothing of shapes or users. `InputChunk.bytes`, read per
        // record by the Gateway, is `@_spi(Pipeline) public @inlinable` as UserListJSON's are.
        .target(
            name: "UserListInput",
            dependencies: ["UserListDomain", "UserListJSON", "UserListPlatform", "CZlib", "CZstd", "CLzma", "CBzip2"]
        ),
        // The anti-corruption layer: the parallel reader over UserListInput's chunks, payload
        // shapes, mappings, DTOs. It knows the domain, bytes, JSON and jq, and nothing of the
        // Service, ViewModel or rendering.
        .target(
            name: "UserListGateway",
            dependencies: ["UserListDomain", "UserListInput", "UserListJSON", "UserListJQ", "UserListPlatform", "CSimdJSON"]
        ),
        // The business rules: normalising, ids, rejects, dedupe; over the domain's source seam.
        .target(
            name: "UserListService",
            dependencies: ["UserListDomain", "UserListPlatform", "UserListCollections"]
        ),
        // The list screen's logic (seed 000): --where, search and folding, sort, paging, cells.
        .target(
            name: "UserListViewModel",
            dependencies: [
                "UserListDomain", "UserListService", "UserListJQ", "UserListPredicate", "UserListPlatform", "UserListCollections", "CICU",
                .product(name: "HeapModule", package: "swift-collections"),
            ]
        ),
        // `userlist diff`: two exports compared by id in bounded memory (ids and digests, not
        // users, the ids in a ByteKeyTable), over the Service's source seam; what differs is
        // spooled to temporary files.
        .target(
            name: "UserListDiff",
            dependencies: ["UserListDomain", "UserListService", "UserListPlatform", "UserListCollections"]
        ),
        // json, ndjson, csv, tsv, table, markdown and html over a buffered writer; --jq-out; diff entries.
        .target(
            name: "UserListRendering",
            dependencies: [
                "UserListDomain", "UserListService", "UserListViewModel", "UserListJQ", "UserListDiff", "UserListPlatform",
                .product(name: "Mustache", package: "swift-mustache"),
            ]
        ),
        // The composition root: a run's stages built from the command line's choices (`ListPipeline`)
        // and run; `userlist diff`'s run.
        .target(
            name: "UserListKit",
            dependencies: [
                "UserListDomain", "UserListPlatform", "UserListJSON", "UserListJQ", "UserListPredicate", "UserListInput", "UserListGateway", "UserListService", "UserListViewModel", "UserListRendering", "UserListDiff", "CSimdJSON", "CJQ",
                .product(name: "HeapModule", package: "swift-collections"),
            ]
        ),
        // `userlist stage plan|map|partial|merge`: a distributed run (Spark's `RDD.pipe`) as cuts of
        // the one run's list of stages (UserListKit's `ListPipeline`), and the lines between them.
        .target(
            name: "UserListStages",
            dependencies: [
                "UserListKit", "UserListCollections", "UserListDomain", "UserListPlatform", "UserListInput", "UserListJSON", "UserListJQ", "UserListGateway", "UserListService", "UserListViewModel", "UserListRendering",
                .product(name: "HeapModule", package: "swift-collections"),
            ]
        ),
        .executableTarget(
            name: "userlist",
            dependencies: [
                "UserListKit", "UserListStages", "UserListPlatform", "UserListJSON",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "TOMLKit", package: "TOMLKit"),
            ],
            // mimalloc (Debian's libmimalloc-dev) replaces glibc's malloc for the whole process:
            // users are allocated on the reading thread and freed on the consumer's, and glibc's
            // per-arena locking made that half the run time on big inputs (see Benchmarks/README.md).
            linkerSettings: [.linkedLibrary("mimalloc")]
        ),
        // Fuzz targets: `Scripts/fuzz.sh` builds them with libFuzzer and ASan; a plain build makes
        // them replay tools (`swift run fuzz-jq crash-…` runs a saved input again).
        .target(name: "CFuzzDriver", path: "Fuzz/Driver"),
        .target(name: "FuzzSupport", dependencies: ["CFuzzDriver"], path: "Fuzz/Support"),
        .executableTarget(name: "fuzz-gateway", dependencies: ["FuzzSupport", "UserListKit"], path: "Fuzz/Gateway"),
        .executableTarget(name: "fuzz-jq", dependencies: ["FuzzSupport", "UserListJQ", "UserListJSON", "UserListPredicate", "UserListDomain"], path: "Fuzz/JQ"),
        // What the test targets share: the seeded generator, sample users, the canonical user with
        // every field set, a temporary directory (its named pipes made by the Platform), the package's
        // root, and the mock at the Service's seam.
        .target(name: "UserListTestSupport", dependencies: ["UserListDomain", "UserListService", "UserListPlatform"], path: "Tests/UserListTestSupport"),
        // One test target per module, named after it, so a change to a module runs its own tests
        // first (`swift test --filter UserListGatewayTests`) and a type's tests are found by name;
        // each depends on its module, what is below it, and UserListTestSupport.
        .testTarget(name: "UserListPlatformTests", dependencies: ["UserListPlatform"]),
        .testTarget(name: "UserListCollectionsTests", dependencies: ["UserListCollections"]),
        .testTarget(name: "UserListDomainTests", dependencies: ["UserListDomain", "UserListPlatform", "UserListTestSupport"]),
        .testTarget(name: "UserListJSONTests", dependencies: ["UserListJSON"]),
        .testTarget(name: "UserListPredicateTests", dependencies: ["UserListPredicate", "UserListDomain", "UserListJQ", "UserListTestSupport"]),
        .testTarget(
            name: "UserListJQTests",
            // The canonical user and the fields an expression sees are also checked as `--where`
            // uses them, through the ViewModel's JQUserFilter. Known failures run in a forked child, and
            // libjq's per-thread state on new POSIX threads, both the Platform's.
            dependencies: ["UserListJQ", "UserListJSON", "UserListDomain", "UserListViewModel", "UserListPlatform", "CJQ", "UserListTestSupport"],
            exclude: ["jq-1.6-known-failures.txt", "jq-1.8.2-known-failures.txt"]
        ),
        .testTarget(name: "UserListInputTests", dependencies: ["UserListInput", "UserListDomain", "UserListTestSupport"]),
        .testTarget(
            name: "UserListGatewayTests",
            // The DTO and the general mapping agree once the Service has normalised their users.
            dependencies: ["UserListGateway", "UserListInput", "UserListJSON", "UserListJQ", "UserListDomain", "UserListService", "CZlib", "CZstd", "CLzma", "UserListTestSupport"]
        ),
        // One test runs the Service over the real Gateway.
        .testTarget(name: "UserListServiceTests", dependencies: ["UserListService", "UserListDomain", "UserListGateway", "UserListTestSupport"]),
        .testTarget(
            name: "UserListViewModelTests",
            // The spilled sort is checked on the bytes an NDJSON renderer writes of its rows.
            dependencies: ["UserListViewModel", "UserListService", "UserListRendering", "UserListJQ", "UserListJSON", "UserListDomain", "UserListTestSupport"]
        ),
        // Diff's tests read real files through the Gateway and print through the diff's renderers.
        .testTarget(
            name: "UserListDiffTests",
            dependencies: ["UserListDiff", "UserListService", "UserListInput", "UserListGateway", "UserListRendering", "UserListJQ", "UserListDomain", "UserListTestSupport"]
        ),
        .testTarget(
            name: "UserListRenderingTests",
            // The writer's errors are checked against the Platform's errno text.
            dependencies: ["UserListTestSupport", "UserListRendering", "UserListViewModel", "UserListService", "UserListJQ", "UserListJSON", "UserListDomain", "UserListPlatform"]
        ),
        // The composed run: UserListRun's wiring, diagnostics as a run gives them.
        .testTarget(
            name: "UserListKitTests",
            dependencies: ["UserListTestSupport", "UserListKit", "UserListDomain", "UserListService", "UserListViewModel", "UserListRendering", "UserListJSON", "UserListDiff", "UserListPredicate", "UserListJQ", "UserListGateway"]
        ),
        // The stages' own parts: the cuts of the run's list, the records and line marks between them.
        .testTarget(
            name: "UserListStagesTests",
            dependencies: ["UserListStages", "UserListKit", "UserListDomain", "UserListJSON", "UserListViewModel", "UserListRendering", "UserListInput", "UserListTestSupport"]
        ),
        .testTarget(
            name: "EndToEndTests",
            // The stages' exactness test parses options with the executable's own types and runs
            // the stages in process (thousands of partitions: processes would take minutes).
            dependencies: ["userlist", "UserListKit", "UserListStages", "UserListInput", "UserListPlatform", "UserListTestSupport"]
        ),
    ],
    cxxLanguageStandard: .cxx17
)

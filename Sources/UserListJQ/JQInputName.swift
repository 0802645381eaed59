import CJQ
import CStackGuard
import Synchronization

/// What jq's `input_filename` gives in `--where`, `--jq` and `--jq-out`: the file the value
/// came from, `null` for standard input, as the jq command says it.
///
/// libjq 1.6 answers `input_filename` only for the jq command's own file reader, so the prelude
/// defines it over the input callback (``JQPrelude``), which asks this: the input of the thread
/// running the expression, set where an input's records are read (`--jq`), judged (`--where`) or
/// the answer rendered (`--jq-out`, the last input). A thread keeps a small index; the names are
/// kept here, once each.
package enum JQInputName {
    private static let names = Mutex<(list: [String], index: [String: Int32])>(([], [:]))

    /// The thread now reads `name` (nil: standard input, or no input).
    package static func enter(_ name: String?) {
        guard let name else {
            ul_current_input_set(-1)
            return
        }
        let index = names.withLock { state -> Int32 in
            if let known = state.index[name] { return known }
            let index = Int32(state.list.count)
            state.list.append(name)
            state.index[name] = index
            return index
        }
        ul_current_input_set(index)
    }

    /// The thread's input, as ``enter(_:)`` set it.
    package static var current: String? {
        let index = Int(ul_current_input_get())
        guard index >= 0 else { return nil }
        return names.withLock { $0.list.indices.contains(index) ? $0.list[index] : nil }
    }

    /// The index form of ``current``, to carry to other threads (see ``carry(_:)``).
    package static var currentIndex: Int32 { ul_current_input_get() }

    /// Sets this thread's input to one read on another thread (``currentIndex``).
    package static func carry(_ index: Int32) { ul_current_input_set(index) }

    /// `input_filename`'s value: the name, or null.
    static func value() -> jv {
        current.map { jv_string($0) } ?? jv_null()
    }
}

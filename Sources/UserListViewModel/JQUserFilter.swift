@_spi(Pipeline) import UserListDomain
import UserListJQ
import UserListPredicate
import Foundation

/// `--where EXPR`: keeps a user when the jq expression's first output, on the canonical user, is
/// truthy as jq means it (neither `false` nor `null`), so `.id == "1"` and `select(.id == "1")`
/// both work, as `jq 'select(…)'` users write them.
///
/// No output, `false` or `null` drops the user; a runtime error stops the run (the ViewModel
/// reports it with the user's place), as it stops jq.
///
/// libjq runs one program on one thread at a time and its values can't be shared between threads,
/// so the expression is compiled once per worker, and a call takes the workers that are free:
/// the Gateway's reading threads each take one for their batch; a lone caller splits a big batch
/// between all of them. Compiling takes jq 1.6 ~20 ms (it parses its whole builtin library each
/// time): the first worker is compiled here, so a bad expression fails at once, and the others in
/// the background while the input is read, joining the pool when they are ready.
///
/// Each user is built only as far as the expression can see it (``JQFieldUsage``): decided once,
/// here, from the expression's text.
///
/// Most predicates never reach libjq: when the expression is in the jq that ``NativePredicate``
/// runs, each worker runs it natively and hands libjq only the users it can't decide (those the
/// expression raises an error on: libjq words the error).
public final class JQUserFilter: UserFilter, @unchecked Sendable {
    private let first: Worker
    /// The canonical user's fields that are built for the expression.
    let fields: CanonicalUserBuilder.Fields
    /// How the expression runs, for `--explain`: natively (``NativePredicate``), or on libjq
    /// and why.
    public let evaluation: String

    /// The user's fields the expression can see, for the Gateway to build: the parts of an
    /// address or company it reads, or all of them when it sees the object itself.
    ///
    /// `.address.city` reads one string: the address object on the way is there when the source
    /// has one, and with only the city built it is there when the source has a city; either way
    /// the path gives the city or null, which is all the expression can see through it
    /// (``JQFieldUsage`` names the object itself whenever an expression can observe it). Building
    /// the other five strings of every address cost `.address.city == "Zürich"` 6% of its run.
    public var canonicalFields: FieldSet { Self.canonicalFields(of: fields) }

    /// ``canonicalFields`` of `expression`, without compiling it (the map stage of a distributed
    /// run builds users for a `--where` that runs in another process).
    public static func canonicalFields(of expression: String) -> FieldSet {
        canonicalFields(of: CanonicalUserBuilder.Fields(JQFieldUsage(expression: expression)))
    }

    private static func canonicalFields(of fields: CanonicalUserBuilder.Fields) -> FieldSet {
        fields.canonicalFields.union(FieldSet(.id))
    }

    /// Compiles `expression`; a compile error is a usage error naming `--where`.
    public init(expression: String, variables: JQVariables = JQVariables(), parallelism: Int = 2) throws(UserlistError) {
        let fields = CanonicalUserBuilder.Fields(JQFieldUsage(expression: expression))
        // Only what libjq compiled is run natively: a program jq rejects gets jq's message.
        let program: JQProgram
        do {
            program = try JQProgram(expression, variables: variables, label: "--where", firstOutputOnly: true)
        } catch {
            throw UserlistError(.usage, Diagnostic(.expression, option: "--where", error.message))
        }
        let nativeVariables = variables.predicateVariables
        // A regex can run for minutes (`(a+)+$`); only libjq's runs are timed by --jq-timeout.
        let regexes = JQProgram.runningTimeLimit == nil
        let native: @Sendable () -> NativePredicate? = {
            try? NativePredicate.compile(expression, variables: nativeVariables, regexes: regexes).get()
        }
        switch NativePredicate.compile(expression, variables: nativeVariables, regexes: regexes) {
        case .success(let predicate):
            first = Worker(program: program, native: predicate, fields: fields)
            evaluation = "natively (libjq only for a user it raises an error on)"
        case .failure(let unsupported):
            first = Worker(program: program, native: nil, fields: fields)
            evaluation = "on libjq (userlist's own evaluator has no \(unsupported.reason))"
        }
        self.fields = fields
        idle = [first]
        let count = max(1, parallelism) - 1
        guard count > 0 else { return }
        let thread = Thread { [weak self] in
            // The expression compiled once already, so it compiles again.
            let spares = (0..<count).compactMap { _ in
                (try? JQProgram(expression, variables: variables, label: "--where", firstOutputOnly: true)).map { Worker(program: $0, native: native(), fields: fields) }
            }
            self?.checkIn(spares)
        }
        // libjq's compiler recurses: give it a main thread's stack, not a secondary thread's.
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// Workers not in use: the first from the start, the others as their compile ends (nothing
    /// waits for them: a 10-user `--where` took 50 ms, 20 of them waiting for a spare it never
    /// needed).
    private var idle: [Worker]
    private let lock = NSCondition()

    /// Takes at least one free worker, and at most `wanted`; waits when all are busy.
    private func checkOut(upTo wanted: Int) -> [Worker] {
        lock.lock()
        defer { lock.unlock() }
        while idle.isEmpty { lock.wait() }
        let taken = Array(idle.suffix(max(1, min(wanted, idle.count))))
        idle.removeLast(taken.count)
        return taken
    }

    private func checkIn(_ workers: [Worker]) {
        lock.lock()
        idle += workers
        lock.broadcast()
        lock.unlock()
    }

    public func includes(_ user: User) throws(JQError) -> Bool {
        let workers = checkOut(upTo: 1)
        defer { checkIn(workers) }
        return try workers[0].includes(user)
    }

    public func verdicts(for users: [User]) -> [FilterVerdict] {
        // Small batches aren't worth a thread hop.
        let workers = checkOut(upTo: users.count >= 256 ? Int.max : 1)
        defer { checkIn(workers) }
        guard workers.count > 1 else { return workers[0].verdicts(users[...]) }
        let parts = workers.count
        let size = (users.count + parts - 1) / parts
        // Each worker writes only its own slot, so the slots need no lock.
        let slots = UnsafeMutableBufferPointer<[FilterVerdict]>.allocate(capacity: parts)
        slots.initialize(repeating: [])
        defer { slots.deinitialize().deallocate() }
        nonisolated(unsafe) let shared = slots
        // `input_filename` is the input of the thread that asked.
        let input = JQInputName.currentIndex
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            JQInputName.carry(input)
            let range = (part * size)..<min(users.count, (part + 1) * size)
            shared[part] = workers[part].verdicts(users[range])
        }
        return Array(slots.joined())
    }

    /// Nothing to add at the end: errors stop the run as they happen.
    public func summary() -> String? { nil }

    /// One compiled program (native when it can be) and its value builder, used by one thread
    /// at a time.
    private final class Worker: @unchecked Sendable {
        let program: JQProgram
        let native: NativePredicate?
        let builder: CanonicalUserBuilder
        /// One canonical user value, overwritten for each user.
        private var canonical: ReusableCanonicalUser

        init(program: JQProgram, native: NativePredicate?, fields: CanonicalUserBuilder.Fields) {
            self.program = program
            self.native = native
            builder = CanonicalUserBuilder(fields: fields)
            canonical = builder.reusableValue()
        }

        func verdict(_ user: User) throws(JQError) -> FilterVerdict {
            switch native?.verdict(user) {
            case .included: return .included
            case .excluded: return .excluded
            case .undecided, nil: return try jqVerdict(user)
            }
        }

        private func jqVerdict(_ user: User) throws(JQError) -> FilterVerdict {
            canonical.fill(from: user)
            defer {
                // A run that stopped at its first output may still hold the input (in a fork point
                // it would backtrack to): release it so the next fill changes the value in place.
                // Most expressions let go of it by then, and the release is a run of its own.
                if canonical.isShared { program.releaseInput() }
            }
            return try program.firstIsTruthy(canonical.object.copy()) == true ? .included : .excluded
        }

        func includes(_ user: User) throws(JQError) -> Bool {
            if case .included = try verdict(user) { return true }
            return false
        }

        func verdicts(_ users: ArraySlice<User>) -> [FilterVerdict] {
            users.map { user in
                do throws(JQError) { return try verdict(user) } catch { return .failed(error.message) }
            }
        }
    }
}

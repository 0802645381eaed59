import UserListDomain
import UserListService
import UserListGateway
import Synchronization

/// A payload that holds nothing but records that are not people (an Azure DevOps groups list,
/// a page of bots), or nothing that could become a user, is no list of users: one line, exit 65,
/// instead of a warning and an empty list.
///
/// Passes warnings on as they come, but holds back the load's summary (from the warning about
/// left-out records on) until the load is over: then it either goes out as it was, or gives way
/// to the error.
package final class NonPeopleCheck: WarningReporter, @unchecked Sendable {
    private let base: any WarningReporter
    private let held = Mutex<(holding: Bool, warnings: [Diagnostic])>((false, []))

    package init(_ base: any WarningReporter) {
        self.base = base
    }

    package func warn(_ warning: Diagnostic) {
        let passOn: Bool = held.withLock { state in
            if case .excludedRecords = warning.problem { state.holding = true }
            if state.holding { state.warnings.append(warning) }
            return !state.holding
        }
        if passOn { base.warn(warning) }
    }

    /// After the load: the error when every record read was not a person; otherwise the held
    /// warnings go out.
    package func finish(_ report: LoadReport?, inputs: [InputSource]) throws(UserlistError) {
        let warnings = held.withLock { state in
            defer { state = (false, []) }
            return state.warnings
        }
        if let error = Self.error(for: report, inputs: inputs) { throw error }
        for warning in warnings { base.warn(warning) }
    }

    /// The error of a load whose every record was not a person — or could not become a user at
    /// all, each skipped with its warning (an export whose ids are where no mapping looks, an
    /// HTML page read with `--skip-bad-json`): a nightly job must not take an empty list and exit
    /// 0 for it. The merge stage of a distributed run asks it too, with the summed counts.
    package static func error(for report: LoadReport?, inputs: [InputSource]) -> UserlistError? {
        guard let report, report.recordsRead > 0, report.usersLoaded == 0 else { return nil }
        let input = inputs.count == 1 ? inputs[0].description : nil
        let nonPeople = NonPerson.count(in: report.excluded)
        if nonPeople == report.recordsRead, let (_, reasons) = report.excludedSummary {
            let what = report.recordsRead == 1 ? "its one record is not a person" : "all \(report.recordsRead) records are not people"
            return UserlistError(.data, Diagnostic(.noUsers, input: input, "no users: \(what) (\(reasons))", hint: "--include-non-people lists them"))
        }
        guard report.skipped > 0, report.skipped + nonPeople == report.recordsRead else { return nil }
        let what = report.recordsRead == 1 ? "its one record could not become a user" : "none of the \(report.recordsRead) records could become a user"
        let others = nonPeople == 0 ? "" : " (\(nonPeople) not \(nonPeople == 1 ? "a person" : "people"))"
        return UserlistError(.data, Diagnostic(.noUsers, input: input, "no users: \(what)\(others): see the warnings above", hint: "--explain shows how each field was found"))
    }
}

/// The keys of a ``UserCellViewModel``, in the contract's order: the default output columns.
public enum CellKey: String, CaseIterable, Sendable {
    case id, title, subtitle, caption, avatarURL, initials
}

extension UserCellViewModel {
    /// The cell's value for `key` (nil: absent).
    public func value(of key: CellKey) -> String? {
        switch key {
        case .id: id
        case .title: title
        case .subtitle: subtitle
        case .caption: caption
        case .avatarURL: avatarURL
        case .initials: initials
        }
    }
}

import UserListDomain
@_spi(Pipeline) import UserListJSON
/// A parsed document as a jq value, built straight from simdjson's tape (no JSON text in between).
extension JSONNode {
    package func jqValue() -> JQValue {
        switch kind {
        case .object:
            var object = JQValue.object()
            forEachField { key, value in
                object.set(String(decoding: key, as: UTF8.self), value.jqValue())
            }
            return object
        case .array:
            var array = JQValue.array()
            forEachElement { array.append($0.jqValue()) }
            return array
        case .string:
            return .string(string!)
        case .number:
            switch number! {
            case .int(let v): return .number(Double(v))
            case .uint(let v): return .number(Double(v))
            case .double(let v): return .number(v)
            }
        case .bool:
            return .bool(bool!)
        case .null:
            return .null
        }
    }
}

extension JQValue {
    /// ``JSONNode/jqValue()`` as an initializer of this module's own type: other modules see
    /// neither internal nor package members of an extension on another module's SPI type.
    package init(_ node: JSONNode) {
        self = node.jqValue()
    }
}

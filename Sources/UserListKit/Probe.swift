import CSimdJSON
public enum Probe { public static func padding() -> Int { csj_padding() } }

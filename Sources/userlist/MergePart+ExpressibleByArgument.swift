import ArgumentParser
import UserListKit

/// `userlist stage merge --part whole|combine|rows|ends`.
extension MergePart: ExpressibleByArgument {}

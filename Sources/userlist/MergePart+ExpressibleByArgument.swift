import ArgumentParser
import UserListKit
import UserListStages

/// `userlist stage merge --part whole|combine|rows|ends`.
extension MergePart: ExpressibleByArgument {}

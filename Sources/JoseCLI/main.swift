import Foundation

exit(Jose.run(Array(CommandLine.arguments.dropFirst()), io: .standard))

#if canImport(Glibc)
    import Glibc
#endif
import VouchCLI

exit(VouchTool.main(Array(CommandLine.arguments.dropFirst())))

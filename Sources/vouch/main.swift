import VouchCLI

#if canImport(Glibc)
    import Glibc
#endif

exit(VouchTool.main(Array(CommandLine.arguments.dropFirst())))

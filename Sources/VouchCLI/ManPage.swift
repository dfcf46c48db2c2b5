/// The manual page `vouch.1`, in roff, written from the commands' own specs (their usage,
/// summaries, options and details) and a few sections of its own.
enum ManPage {
    static func text(commands: [CommandSpec], version: String) -> String {
        var page = """
            .TH VOUCH 1 "" "vouch \(version)" "User Commands"
            .SH NAME
            vouch \\- validate and normalize form data: records in bulk, or single values
            .SH SYNOPSIS

            """
        for command in commands {
            page += ".B vouch \(command.name)\n" + (command.usage.isEmpty ? "" : escape(command.usage) + "\n") + ".br\n"
        }
        page += ".B vouch \\-\\-version\n.br\n.B vouch\n.I COMMAND\n.B \\-\\-help\n"
        page += """
            .SH DESCRIPTION
            .B vouch
            checks records (JSON lines or CSV) against a form spec, a JSON document that describes a form's
            fields, their kinds, rules, formatters and messages, and writes each record's canonical values and
            violations. It also checks and formats single values by kind, rule or formatter, replays
            as-you-type edits, writes a JSON Schema of a form's input, and lists what it knows.
            .SH COMMANDS

            """
        for command in commands {
            page +=
                ".SS \(escape("vouch " + command.name + (command.usage.isEmpty ? "" : " " + command.usage)))\n\(escape(command.summary))\n"
            for option in command.options + [OptionSpec("--help", "show the command's options")] {
                page += ".TP\n.B \(escape(option.name))"
                if let value = option.value { page += " \\fI\(escape(value))\\fR" }
                page += "\n\(escape(option.summary))\(option.repeatable ? " (repeatable)" : "")\n"
            }
            if !command.details.isEmpty {
                page += ".PP\n" + command.details.split(separator: "\n").map { escape(String($0)) }.joined(separator: "\n.br\n") + "\n"
            }
        }
        page += """
            .SH ARGUMENTS
            An argument that starts with
            .B \\-\\-
            is an option, and so is
            .B \\-h
            (short for
            .BR \\-\\-help );
            any other, such as
            .B \\-12
            or
            .BR \\- ,
            is a value. The argument after an option that takes a value is that option's value,
            whatever it starts with. After an argument
            .B \\-\\-
            every argument is a value. An option's value may also be given as
            .BR \\-\\-option=value .
            This checks the value \\-12, and then the value \\-\\-x:
            .PP
            .RS
            .nf
            vouch validate text \\-12
            vouch validate text \\-\\- \\-\\-x
            .fi
            .RE
            .SH ENVIRONMENT
            .TP
            .B VOUCH_PACK_PATH
            Locale packs to load, separated by colons.
            .TP
            .B VOUCH_PLUGIN_PATH
            Directories to find plugins by name in, separated by colons; relative ones are ignored.
            A plugin named by
            .B \\-\\-plugin
            is looked for as libvouch\\-NAME.so, then NAME.so, in these directories, then in the directory
            of the vouch program and in the lib/vouch/plugins beside it (/usr/lib/vouch/plugins for
            /usr/bin/vouch), never in the current directory.
            .SH EXIT STATUS
            0 when every record or value is valid, or the command did what it was asked; 1 when some
            records or values are invalid; 2 for a usage, spec, pack or plugin error, or output that could not
            be written.
            .SH EXAMPLES
            .nf
            vouch check \\-\\-form signup.form.json signups.jsonl
            vouch check \\-\\-form signup.form.json \\-\\-output csv \\-\\-only invalid signups.csv
            vouch validate number 42 \\-12
            vouch format capitalize \\-\\-param mode=words "hello world"
            vouch format phone \\-\\-canonical "(201) 555\\-0123"
            vouch schema \\-\\-form signup.form.json
            vouch list rules \\-\\-plugin card
            .fi
            .SH SEE ALSO
            The form spec, locale packs and plugins are documented in /usr/share/doc/vouch and at
            the project's docs/ folder; the C API in /usr/include/vouch.h.

            """
        return page
    }

    /// Text for roff: a backslash written as `\e`, every `-` as a minus sign `\-` (options are typed
    /// as written), other than ASCII as `\[u2026]`, and a `.` or `'` at the start of a line kept
    /// from being read as a request.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\e"
            case "-": escaped += "\\-"
            case _ where !scalar.isASCII:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                escaped += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        if escaped.hasPrefix(".") || escaped.hasPrefix("'") { escaped = "\\&" + escaped }
        return escaped
    }
}

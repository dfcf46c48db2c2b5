/// A rule with the message template its spec entry gave, if any.
package struct BoundRule: Sendable {
    package let rule: any Rule
    package let message: MessageTemplate?

    package init(rule: any Rule, message: MessageTemplate?) {
        self.rule = rule
        self.message = message
    }
}

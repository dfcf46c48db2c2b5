/// The undo and redo steps of a field's text, deterministic as users expect: a run of characters
/// typed one after another is one step, a run of deletions one step, a paste or a replacement
/// one step, and a text the app sets one step.
struct EditHistory: Sendable {
    /// A text and its caret (UTF-16 offset), as a step restores them.
    struct Snapshot: Sendable, Equatable {
        let text: String
        let caret: Int
    }

    /// What an edit does, for telling whether it continues the step before it.
    enum Step: Sendable, Equatable {
        /// One character typed.
        case typing
        /// Characters deleted, nothing typed.
        case deleting
        /// A paste, a replacement, or a text set: always a step of its own.
        case other
    }

    /// The most steps kept; the oldest go first.
    static let limit = 100

    private var undos: [Snapshot] = []
    private var redos: [Snapshot] = []
    /// The step the next edit may continue, and where its caret ended.
    private var open: (step: Step, caret: Int)?

    var canUndo: Bool { !undos.isEmpty }
    var canRedo: Bool { !redos.isEmpty }

    /// Records an edit of `step` taken from `before`, which began at UTF-16 offset `from` and left
    /// the caret at `caret`. It continues the open step when it is of the same kind and begins
    /// where that one left the caret; otherwise `before` is a new step. Redo steps go.
    mutating func record(_ before: Snapshot, step: Step, from location: Int, caret: Int) {
        let continues = step != .other && open?.step == step && open?.caret == location
        if !continues {
            undos.append(before)
            if undos.count > Self.limit { undos.removeFirst() }
        }
        redos = []
        open = step == .other ? nil : (step, caret)
    }

    /// The state to go back to from `current`, which becomes a redo step; nil when there is none.
    mutating func undo(from current: Snapshot) -> Snapshot? {
        guard let last = undos.popLast() else { return nil }
        redos.append(current)
        open = nil
        return last
    }

    /// The state to go forward to from `current`, which becomes an undo step; nil when there is none.
    mutating func redo(from current: Snapshot) -> Snapshot? {
        guard let next = redos.popLast() else { return nil }
        undos.append(current)
        open = nil
        return next
    }

    /// Forgets every step (the field was cleared).
    mutating func reset() { self = EditHistory() }
}

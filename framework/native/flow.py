"""What only some games' turn flow needs, written into their kernels' module by
placeholder (``framework/native/assemble.py``'s ``ENGINE``): a setup the players decide,
chance at the start of a turn, the goals checked after the deciding phase, a phase that
decides again, and several deciding phases played one after the other. A game that has
none of them gets every placeholder empty, so its module is what it was without them.
Nothing here imports numba."""

from __future__ import annotations

from typing import TYPE_CHECKING

from framework.kernel.pieces import CHANCE_OPTION

if TYPE_CHECKING:
    from framework.native.assemble import Plan

#: In ``make_move``, in a game whose turns begin with chance: a chance outcome (its index
#: in the target's bits) is drawn, and the player it leaves to move decides next.
_CHANCE_MOVE = """
    if (mv >> {opt_shift}) == {option}:  # chance's outcome
        {prefix}apply(st, mv & {cell_mask})
        return"""
#: In ``legal_moves`` and ``count_legal`` then: while the roll waits, its outcomes.
_CHANCE_LEGAL = """
    if {prefix}pending(st):
        return {prefix}gen(st, buf, 0)"""
_CHANCE_COUNT = """
    if {prefix}pending(st):
        return {prefix}count(st)"""
#: In ``start_turn`` then: the turn waits for chance, unless no roll is left (the roll's
#: ``max_turns``): the mover has no legal action (``State._no_legal_action``; no other
#: side could roll either).
_CHANCE_START = """
    if {prefix}over(st):
        no_action(st, side)
    return"""
#: After a phase ``goal_checks`` names: the goals, a game they end ending the turn there
#: (``State._check_goals_after_phase``).
_GOAL_CHECK = ["if check_goals(st):", "    pass_turn(st)", "    st[RESET] = ZERO",
               "    st[LANDED] = ZERO", "    reset_slots(st)", "    return"]
#: In ``make_move`` after the deciding phase: the goals checked there.
_GOALS_AFTER = "".join("\n        " + line for line in _GOAL_CHECK)
#: The mover has no legal action (``State._no_legal_action``; ``pass`` is refused where
#: this is written): it loses, it wins, or the result scores the game.
_NO_ACTION = ["@njit(cache=True)", "def no_action(st, side):", "    if LOSES:",
              "        finish(st, ((np.int64(1) << S) - 1) & ~(np.int64(1) << side))",
              "    elif WINS:", "        finish(st, np.int64(1) << side)", "    else:",
              "        finish(st, r_score(st))", ""]
#: Then, when the phase's piece may decide again (the second play of a double).
_CONTINUES = """
        if {prefix}continues(st):
            return"""


def turn_hooks(plan: Plan) -> dict[str, str]:
    """The lines the turn flow gets for what only some games have — a setup the players
    decide, chance, goal checks after the deciding phase, a phase that decides again,
    several deciding phases — by placeholder (each "" where the game has none, so the
    modules of the other games stay as they were)."""
    m, chance = plan.masks, plan.chance
    found = dict.fromkeys(("{chance_move}", "{chance_legal}", "{chance_count}",
                           "{chance_start}", "{after_decision}"), "")
    found["{setup_move}"] = found["{setup_legal}"] = found["{setup_count}"] = ""
    if plan.setups:  # a setup step under way: its actions (no mover's bookkeeping)
        found["{setup_move}"] = ("\n    if st[SETUP] < SETUPS:\n        setup_apply(st, mv)\n"
                                 "        return")
        found["{setup_legal}"] = ("\n    if st[SETUP] < SETUPS:\n"
                                  "        return setup_moves(st, buf)")
        found["{setup_count}"] = "\n    if st[SETUP] < SETUPS:\n        return setup_count(st)"
    if chance is not None:
        named = {"{prefix}": chance.prefix, "{opt_shift}": str(m.opt_shift),
                 "{option}": str(CHANCE_OPTION), "{cell_mask}": str(m.cell_mask)}
        for key, text in (("{chance_move}", _CHANCE_MOVE), ("{chance_legal}", _CHANCE_LEGAL),
                          ("{chance_count}", _CHANCE_COUNT), ("{chance_start}", _CHANCE_START)):
            for name, value in named.items():
                text = text.replace(name, value)
            found[key] = text
    after = _GOALS_AFTER if plan.goal_checked else ""
    if plan.whole and getattr(plan.moves[0], "CONTINUES", False):
        after += _CONTINUES.replace("{prefix}", plan.moves[0].prefix)
    found["{after_decision}"] = after
    found["{phase_reset}"] = ""
    found["{mobility_count}"] = "count_moves"
    # The evaluation's distance terms (Evaluator.material): a weight times a phase's piece's
    # measure, per side.
    found["{distance_terms}"] = "".join(
        f"\n        v += {weight!r} * {plan.distance_piece(name).prefix}distance(cur, s)"
        for name, weight in plan.distances)
    if plan.sequence:  # the phases after the one that decided run in after_phase
        found["{after_decision}"] = "\n        after_phase(st, side)\n        return"
        found["{phase_reset}"] = "\n    st[PHASE] = ZERO  # the next turn begins at its first phase"
        found["{mobility_count}"] = "first_phase_moves"
    return found


def sequence_functions(plan: Plan) -> list[str]:
    """In a turn of several deciding phases: ``after_phase``, the rest of the turn after an
    action of the phase that decides (``PHASE``), as ``State._continue_turn`` runs it —
    the goals checked after a phase ``goal_checks`` names, the automatic phases, the next
    deciding phase that has an action (else passed over when impossible, or the mover has
    no legal action), the end of the turn —, and the first phase's moves (mobility)."""
    game = plan.game
    checked = game.goal_check_phases
    check = _GOAL_CHECK
    deciders = [plan.deciders[0], *plan.sequence]
    by_phase = {id(p): (piece, guard) for p, piece, guard in
                zip(plan.automatic, plan.consequences, plan.consequence_guards, strict=True)}
    lines = ["@njit(cache=True)", "def after_phase(st, side):", "    d = np.int64(st[PHASE])"]
    for d, decider in enumerate(deciders):
        body = list(check) if decider.index in checked else []
        for phase in plan.turn[plan.turn.index(decider) + 1:]:
            if not phase.decides:
                piece, guard = by_phase[id(phase)]
                run = [f"{piece.prefix}run(st, side)"]
                if getattr(piece, "FINISHES", False):
                    run += ["if st[WINNERS] != ZERO:", "    return"]
                body += _guarded(guard, run + (check if phase.index in checked else []))
                continue
            k = deciders.index(phase)
            test = [f"st[PHASE] = U64({k})", "if has_moves(st, side):", "    return"]
            if not phase.skip_when_impossible:
                test += ["no_action(st, side)", "return"]
            body += _guarded(plan.sequence_guards[k - 1], test)
        body += ["pass_turn(st)", "if not end_of_turn(st):", "    start_turn(st)", "return"]
        lines += [f"    if d == {d}:", *("        " + line for line in body)]
    lines.append("")
    # Mobility counts the moves of the turn's first phase, wherever the turn stands, as
    # Evaluator.mobility_of probes it.
    lines += ["@njit(cache=True)", "def first_phase_moves(st, side):",
              "    d = st[PHASE]", "    st[PHASE] = ZERO", "    n = count_moves(st, side)",
              "    st[PHASE] = d", "    return n", ""]
    return lines


def no_action_function(plan: Plan) -> list[str]:
    """``no_action`` where the flow's parts call it (a chance phase with no roll left, a
    later deciding phase with no action), else nothing."""
    return _NO_ACTION if plan.chance is not None or plan.sequence else []


def setup_functions(plan: Plan) -> list[str]:
    """The setup steps the players decide, as ``State`` plays them: the step under way
    (``SETUP``) lists its actions and plays one; the steps that are finished are left
    behind (``_advance_setup``: a step that decides nothing is finished at once); after
    the last, play begins (``start_play``: the goals, then the first turn)."""
    steps = [(k, s) for k, s in enumerate(plan.setups) if s is not None]

    def each(call: str, default: str) -> list[str]:
        lines = ["    k = np.int64(st[SETUP])"]
        for k, step in steps:
            lines += [f"    if k == {k}:", f"        return {step.prefix}{call}"]
        return [*lines, f"    return {default}", ""]

    return [f"SETUPS = {len(plan.setups)}", "", "",
            "@njit(cache=True)", "def setup_moves(st, buf):", *each("gen(st, buf, 0)", "0"),
            "@njit(cache=True)", "def setup_count(st):", *each("count(st)", "0"),
            "@njit(cache=True)", "def setup_finished(st):", *each("finished(st)", "True"),
            "@njit(cache=True)", "def setup_apply(st, mv):", "    k = np.int64(st[SETUP])",
            *(line for k, step in steps for line in (
                f"    if k == {k}:", f"        {step.prefix}apply(st, mv)")),
            "    st[SETUP_ACTIONS] += ONE",
            "    while st[SETUP] < SETUPS and setup_finished(st):",
            "        st[SETUP] += ONE", "        st[SETUP_ACTIONS] = ZERO",
            "    if st[SETUP] == SETUPS and not check_goals(st):", "        start_turn(st)", ""]


def _guarded(guard: str, lines: list[str]) -> list[str]:
    """``lines`` under ``if guard:`` when there is a guard (an ``if:``)."""
    return ([f"if {guard}:", *("    " + line for line in lines)] if guard else lines)

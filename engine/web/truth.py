"""What the rule book says about a rule set, generated from the rule set itself: its minimum (and
whether flowers count toward it), its cap, its families, its win conditions, its principles and its
shapes, each fan's multiplier, ``alone`` and family, and long exclusion lists folded. Every statement
comes from the loaded rule set, never from MCR's defaults."""
from __future__ import annotations

from html import escape

from ..core.blocks import Shape
from ..ruleset import Fan, RuleSet
from ..ruleset.combination import ALL_PRINCIPLES, PRINCIPLES
from .words import Words

#: An exclusion list longer than this is folded under a one-line summary on a fan's page.
LONG_EXCLUSIONS = 12
#: Each shape in words.
SHAPE_WORDS = {
    Shape.STANDARD.value: "four sets and a pair", Shape.SEVEN_PAIRS.value: "seven pairs",
    Shape.THIRTEEN_ORPHANS.value: "thirteen orphans", Shape.HONOURS_AND_KNITTED.value: "honours and knitted tiles",
    Shape.KNITTED_STRAIGHT.value: "the knitted straight with one more set and a pair",
}


def has_flowers(ruleset: RuleSet) -> bool:
    return any(f.bonus for f in ruleset.fans)


def minimum_sentence(ruleset: RuleSet, w: Words) -> str:
    """The index's first sentence: how many fans, and what a hand needs to win (flowers as the rule set counts them)."""
    n, minimum = len(ruleset.fans), ruleset.minimum
    if minimum <= 0:
        return w.say("{} fans; every complete hand is a legal win.", n)
    if not has_flowers(ruleset):
        return w.say("{} fans; a hand needs <b>{}</b> to win.", n, w.points(minimum))
    if ruleset.bonus_toward_minimum:
        return w.say("{} fans; a hand needs <b>{}</b> to win (flowers counted toward it).", n, w.points(minimum))
    if minimum == 1:
        return w.say("{} fans; a hand needs <b>{}</b> to win (flowers not counted).", n, w.points(minimum))
    return w.say("{} fans; a hand needs <b>{}</b> points to win (flowers not counted).", n, minimum)


def names(numbers: frozenset[int] | list[int], ruleset: RuleSet) -> str:
    """The fans of ``numbers``, each a link to its page."""
    by_number = {f.number: f for f in ruleset.fans}
    return ", ".join(f'<a class="fam" href="fan-{n}.html">{escape(f"{by_number[n].name_zh} {by_number[n].name_en}")}</a>'
                     for n in sorted(numbers) if n in by_number)


def rules_html(ruleset: RuleSet, w: Words) -> str:
    """The index's statements beyond the minimum: the win conditions, the cap and the families."""
    return "".join(f"<p>{line}</p>" for line in win_lines(ruleset, w)) + cap_and_families(ruleset, w)


def cap_and_families(ruleset: RuleSet, w: Words) -> str:
    """The rule set's cap and its families, each family with its cap and its fans."""
    parts = []
    if ruleset.cap is not None:
        parts.append(f"<p>{w.say('A hand scores at most <b>{}</b>: a higher total scores the cap.', w.points(ruleset.cap))}</p>")
    if ruleset.families:
        items = "".join(f"<li><b>{escape(fam.name)}</b>: {w.say('at most {} of', fam.cap)} {names(fam.fans, ruleset)}</li>"
                        for fam in ruleset.families)
        parts.append(f"<h2>{w.say('Families')}</h2><p>{w.say('Of each family, only as many fans count as its cap allows (the highest).')}</p>"
                     f'<ul class="families">{items}</ul>')
    return "".join(parts)


def win_lines(ruleset: RuleSet, w: Words, shapes: bool = True) -> list[str]:
    """What a win must be under the rule set, beyond a winning shape (nothing for every MCR edition);
    without ``shapes`` only its ``win_requires``."""
    out = []
    if shapes and ruleset.shapes is not None:
        out.append(w.say("The shapes that may win: {}.", "; ".join(w.say(SHAPE_WORDS[s]) for s in ruleset.shapes)))
    if ruleset.win_requires is not None:
        out.append(w.say("Every win must meet: <code>{}</code>.", escape(" ".join(ruleset.win_requires_text.split()))))
    return out


def value_html(fan: Fan, w: Words) -> str:
    """A fan's value line: its points, or its multiplier; and whether it scores alone."""
    if fan.multiplier:
        line = w.say("Multiplies the sum of the other fans by <b>{}</b>.", fan.multiplier)
    else:
        line = w.say("{} point." if abs(fan.points) == 1 else "{} points.", f"<b>{fan.points}</b>")
    if fan.alone:
        line += w.say(" When it is counted, the hand scores it alone: no other fan counts.")
    return line


def family_html(fan: Fan, ruleset: RuleSet, w: Words) -> str:
    """The families a fan belongs to, each with its cap and its other members."""
    rows = [f"<li><b>{escape(fam.name)}</b>: {w.say('at most {} of', fam.cap)} {names(fam.fans, ruleset)}</li>"
            for fam in ruleset.families if fan.number in fam.fans]
    return f"<h2>{w.say('Families')}</h2><ul>{''.join(rows)}</ul>" if rows else ""


def fold_exclusions(listed: str, count: int, w: Words) -> str:
    """An exclusion list as written, folded under a summary when it is long."""
    if count <= LONG_EXCLUSIONS:
        return listed
    return f'<details class="excludes-long"><summary>{w.say("{} fans (show them)", count)}</summary>{listed}</details>'


def principles_page(ruleset: RuleSet, w: Words) -> str | None:
    """The principles page of a rule set whose principles or shapes are not MCR's (None: the shipped page
    tells its truth): its own principles, shapes, win conditions, families and cap."""
    if ruleset.principles == ALL_PRINCIPLES and ruleset.shapes is None:
        return None
    chosen = "".join(f"<li><b>{escape(name)}</b>: {escape(PRINCIPLES[name])}</li>" for name in ruleset.principles)
    left = [name for name in ALL_PRINCIPLES if name not in ruleset.principles]
    off = w.say("Not applied: {}.", ", ".join(left)) if left else ""
    shapes = "; ".join(w.say(SHAPE_WORDS[s]) for s in (ruleset.shapes or [s.value for s in Shape]))
    return (f"<h1>{w.say('How a hand is scored')}</h1>"
            f"<h2>{w.say('Winning shapes')}</h2><p>{w.say('A winning hand is one of: {}.', shapes)}</p>"
            + "".join(f"<p>{line}</p>" for line in win_lines(ruleset, w, shapes=False))
            + "<p>{minimum}</p>"
            + f"<h2>{w.say('When several fans apply')}</h2>"
            + (f'<ol class="principles">{chosen}</ol>' if chosen else f"<p>{w.say('No principle applies: every fan whose predicate holds counts.')}</p>")
            + (f"<p>{off}</p>" if off else "") + cap_and_families(ruleset, w))


def minimum_html(ruleset: RuleSet, w: Words) -> str:
    """The principles page's statement of the minimum and the flowers, as the rule set has them."""
    if not ruleset.minimum:
        return w.say("This rule set has no minimum: every complete hand is a legal win.")
    if not has_flowers(ruleset):
        return w.say("A complete hand needs <b>{}</b> to be a legal win; a complete hand below it is shown with its fans and "
                     "marked as under the minimum.", w.points(ruleset.minimum))
    if ruleset.bonus_toward_minimum:
        return w.say("A complete hand needs <b>{}</b> to be a legal win, its flowers counted toward it; a complete hand below "
                     "it is shown with its fans and marked as under the minimum.", w.points(ruleset.minimum))
    return w.say("A complete hand needs <b>{}</b> points to be a legal win. Flowers are added afterwards and never count toward "
                 "that minimum; a complete hand below it is shown with its fans and marked as under the minimum.", ruleset.minimum)

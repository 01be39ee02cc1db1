"""The turn order's and melee's commands from the screens: each control shows on the GM screen or the phone only
when its command can apply, and the form as rendered, posted through the test client, reaches the command. Also:
whoever keeps a hold does nothing else until they let go (seed 001 "Alternate Rules" › "Manoeuvres" › "Hold")."""

from html.parser import HTMLParser

import pytest

from combat.commands import CommandError


class FormFields(HTMLParser):
    """What a browser sends from the form with id `form_id`: where it posts (hx-post), its inputs with a value
    (checkboxes only when checked) and each select's selected option, else its first."""

    def __init__(self, form_id):
        super().__init__()
        self.form_id, self.inside, self.action, self.select = form_id, False, None, None
        self.fields = {}

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form" and attrs.get("id") == self.form_id:
            self.inside, self.action = True, attrs["hx-post"]
        if not self.inside:
            return
        checkable = attrs.get("type") == "checkbox"
        if tag == "input" and attrs.get("name") and ("checked" in attrs or not checkable):
            self.fields.setdefault(attrs["name"], []).append(attrs.get("value", ""))
        if tag == "select":
            self.select = {"name": attrs["name"], "first": None, "chosen": None}
        if tag == "option" and self.select:
            if self.select["first"] is None:
                self.select["first"] = attrs["value"]
            if "selected" in attrs:
                self.select["chosen"] = attrs["value"]

    def handle_endtag(self, tag):
        if tag == "form" and self.inside:
            self.inside = False
        if tag == "select" and self.select:
            value = self.select["first"] if self.select["chosen"] is None else self.select["chosen"]
            if value is not None:
                self.fields.setdefault(self.select["name"], []).append(value)
            self.select = None


def page(fight, user):
    return fight.table.client(user).get(f"/encounters/{fight.encounter.pk}/").content.decode()


def submit(fight, user, form_id, html=None, **chosen):
    """Post the form `form_id` as rendered on `user`'s page (or in `html`), with `chosen` values for some of its
    own fields; returns the answer's text (its flash)."""
    form = FormFields(form_id)
    form.feed(html or page(fight, user))
    assert form.action, f"no form {form_id} on the page"
    for name, value in chosen.items():
        assert name in form.fields, f"the form {form_id} has no field {name}"
        form.fields[name] = [str(v) for v in value] if isinstance(value, list) else [str(value)]
    response = fight.table.client(user).post(form.action, form.fields, headers={"HX-Request": "true"})
    assert response.status_code == 200
    fight.encounter.refresh_from_db()
    return response.content.decode()


def playing(fight, *rules):
    fight.encounter.house_rules = list(rules)
    fight.encounter.save()
    return fight


def order(fight):
    return [c.name for c in fight.encounter.combatants.order_by("position")]


def waiting(fight):
    return [(f["attacker"], f["target"], f["trigger"]) for f in fight.state().free_attacks]


# --- engaging and disengaging: the round bar and the active player's phone -----------------------------------


def test_engage_is_offered_for_the_active_combatant_once_the_fight_runs(planned_fight):
    fight = planned_fight
    assert 'id="engage-form"' not in page(fight, fight.table.gm)
    fight.gm("start")
    gm = page(fight, fight.table.gm)
    assert 'id="engage-form"' in gm and 'aria-label="Whom Ulrika engages in melee"' in gm
    assert 'id="engage-form"' in page(fight, fight.table.anna)
    assert 'id="engage-form"' not in page(fight, fight.table.bruno)  # not his turn
    assert 'id="disengage-form"' not in gm  # nobody engaged yet


def test_engaging_from_the_round_bar_opens_the_melee_with_the_first_enemy_offered(fight):
    flash = submit(fight, fight.table.gm, "engage-form")
    assert "Ulrika engages Goblin in melee" in flash
    assert fight.state().melee_pairs == [f"{fight.ulrika.pk}:{fight.goblin.pk}"]
    assert waiting(fight) == [(fight.goblin.pk, fight.ulrika.pk, "Long weapon")]
    gm = page(fight, fight.table.gm)
    assert f'name="enemies" value="{fight.goblin.pk}" checked' in gm
    assert f'<option value="{fight.goblin.pk}">Goblin</option></select>' not in gm.split('id="disengage-form"')[0]


def test_disengaging_from_the_round_bar_leaves_the_enemies_engaged(fight):
    fight.gm("engage", target=fight.goblin.pk)
    fight.gm("let_free_attack_pass", free_attack=fight.state().free_attacks[0]["id"])
    flash = submit(fight, fight.table.gm, "disengage-form")
    assert "Ulrika disengages from Goblin" in flash
    assert fight.state().melee_pairs == []
    assert waiting(fight) == [(fight.goblin.pk, fight.ulrika.pk, "Disengaging")]
    assert 'id="disengage-form"' not in page(fight, fight.table.gm)


def test_from_her_phone_she_engages_the_troll_she_sees_not(fight):
    anna = fight.table.anna
    phone = page(fight, anna)
    assert "Troll" not in phone
    submit(fight, anna, "engage-form", html=phone, target=fight.goblin.pk)
    assert fight.state().melee_pairs == [f"{fight.ulrika.pk}:{fight.goblin.pk}"]
    submit(fight, anna, "disengage-form")
    assert fight.state().melee_pairs == [] and fight.state().turn["movements"] == 2


def test_her_phone_answers_a_refusal_in_words(fight):
    anna = fight.table.anna
    stale = page(fight, anna)
    submit(fight, anna, "engage-form", html=stale, target=fight.goblin.pk)
    flash = submit(fight, anna, "engage-form", html=stale, target=fight.goblin.pk)
    assert 'class="flash error"' in flash and "Ulrika is already in melee with Goblin." in flash
    assert len(fight.state().melee_pairs) == 1


# --- Delay the Initiative ------------------------------------------------------------------------------------


def test_delay_is_offered_with_manoeuvres_before_the_active_combatant_acts(fight):
    assert 'id="delay-initiative-form"' not in page(fight, fight.table.gm)
    playing(fight, "manoeuvres")
    gm, phone = page(fight, fight.table.gm), page(fight, fight.table.anna)
    assert 'id="delay-initiative-form"' in gm and 'id="delay-initiative-form"' in phone
    assert f'<option value="{fight.troll.pk}">Troll</option>' in gm.split('id="delay-initiative-form"')[1]
    assert 'id="delay-initiative-form"' not in page(fight, fight.table.bruno)
    fight.gm("mark_action", part="movement", used=True)
    assert 'id="delay-initiative-form"' not in page(fight, fight.table.gm)


def test_delaying_from_the_gm_panel_lets_the_chosen_one_go_first(fight):
    playing(fight, "manoeuvres")
    flash = submit(fight, fight.table.gm, "delay-initiative-form", before=fight.goblin.pk)
    assert "Ulrika delays the initiative and acts after Goblin" in flash
    assert order(fight) == ["Brother Ansgar", "Goblin", "Ulrika", "Troll"]


def test_delaying_from_her_phone(fight):
    playing(fight, "manoeuvres")
    submit(fight, fight.table.anna, "delay-initiative-form", before=fight.ansgar.pk)
    assert order(fight) == ["Brother Ansgar", "Ulrika", "Goblin", "Troll"]
    assert fight.encounter.active_id == fight.ansgar.pk


# --- Quick Strike and Take the Initiative, for the coming round -----------------------------------------------


def test_the_declarations_are_offered_only_with_their_rules(fight):
    gm, phone = page(fight, fight.table.gm), page(fight, fight.table.bruno)
    for form in ('id="quick-strike-form"', 'id="take-initiative-form"', f'id="quick-strike-{fight.ansgar.pk}"'):
        assert form not in gm + phone
    assert 'id="turn-order-panel" class="card turn-order" data-version' in gm and "hidden>" in gm
    playing(fight, "feats")
    gm, phone = page(fight, fight.table.gm), page(fight, fight.table.bruno)
    assert 'id="quick-strike-form"' in gm and "Quick Strike in round 2" in gm
    assert f'id="quick-strike-{fight.ansgar.pk}"' in phone and 'id="take-initiative-form"' not in gm
    assert f'id="quick-strike-{fight.ulrika.pk}"' not in phone  # anna's character
    playing(fight, "manoeuvres")
    assert f'id="take-initiative-{fight.ansgar.pk}"' in page(fight, fight.table.bruno)
    assert 'id="take-initiative-form"' in page(fight, fight.table.gm)
    fight.gm("end_encounter")
    gm = page(fight, fight.table.gm)
    assert 'id="take-initiative-form"' not in gm and 'id="delay-initiative-form"' not in gm


def test_quick_strike_from_the_gm_panel(fight):
    playing(fight, "feats")
    submit(fight, fight.table.gm, "quick-strike-form", combatant=fight.goblin.pk, pay_with="corruption")
    assert fight.state().quick_strikes == [{"combatant": fight.goblin.pk, "round": 2}]
    gm = page(fight, fight.table.gm)
    assert "Goblin strikes first" in gm
    assert f'<option value="{fight.goblin.pk}">' not in gm.split('id="quick-strike-form"')[1].split("</select>")[0]


def test_quick_strike_from_his_phone(fight):
    playing(fight, "feats")
    flash = submit(fight, fight.table.bruno, f"quick-strike-{fight.ansgar.pk}", pay_with="experience")
    assert 'class="flash error"' in flash and fight.state().quick_strikes == []  # he has no Experience to pay
    submit(fight, fight.table.bruno, f"quick-strike-{fight.ansgar.pk}", pay_with="corruption")
    assert fight.state().quick_strikes == [{"combatant": fight.ansgar.pk, "round": 2}]
    assert f'id="quick-strike-{fight.ansgar.pk}"' not in page(fight, fight.table.bruno)


def test_take_the_initiative_from_the_gm_panel_on_the_gms_word_for_an_npc(fight):
    playing(fight, "manoeuvres")
    flash = submit(fight, fight.table.gm, "take-initiative-form", combatant=fight.goblin.pk, outcome="fail")
    assert "Goblin takes the initiative for round 2" in flash
    [taken] = fight.state().initiative_takers
    assert (taken["combatant"], taken["passed"]) == (fight.goblin.pk, False)
    assert "Goblin takes the initiative, Resolute failed" in page(fight, fight.table.gm)


def test_take_the_initiative_from_his_phone_asks_his_resolute_there(fight):
    playing(fight, "manoeuvres")
    submit(fight, fight.table.bruno, f"take-initiative-{fight.ansgar.pk}")
    [entry] = fight.prompts()
    assert (entry["combatant"], entry["kind"]) == (fight.ansgar.pk, "take_the_initiative")
    phone = page(fight, fight.table.bruno)
    assert f'id="prompt-{entry["id"]}"' in phone and f'id="take-initiative-{fight.ansgar.pk}"' not in phone


# --- the ambush, before the start -------------------------------------------------------------------------------


def test_the_ambush_is_offered_before_the_start_only(planned_fight):
    gm = page(planned_fight, planned_fight.table.gm)
    assert 'id="ambush-form"' in gm and 'id="ambush-form"' not in page(planned_fight, planned_fight.table.anna)
    planned_fight.gm("start")
    assert 'id="ambush-form"' not in page(planned_fight, planned_fight.table.gm)


def test_an_ambush_from_the_gm_panel_the_adversaries_on_the_others(planned_fight):
    fight = planned_fight
    # Ulrika has the sharpest eye among the ambushed and rolls for them: a 20 fails.
    flash = submit(fight, fight.table.gm, "ambush-form", d20=20)
    assert "Ulrika, Brother Ansgar surprised" in flash
    for combatant in (fight.ulrika, fight.ansgar):
        assert "Surprised" in [c.definition.name for c in fight.fresh(combatant).conditions.all()]
    assert sorted(waiting(fight)) == sorted(
        [(fight.goblin.pk, fight.ulrika.pk, "Surprise"), (fight.troll.pk, fight.ansgar.pk, "Surprise")]
    )


# --- a hold allows nothing else -----------------------------------------------------------------------------------


def test_a_holder_does_nothing_but_let_go(fight):
    playing(fight, "manoeuvres")
    fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk, manoeuvre="hold", d20=3)
    assert fight.state().holds == [{"holder": fight.ulrika.pk, "target": fight.goblin.pk}]
    with pytest.raises(CommandError, match="Ulrika is holding Goblin: nothing else"):
        fight.gm("mark_action", part="movement", used=True)
    for _ in range(4):
        fight.gm("next_turn")
    fight.run(fight.table.anna, "roll_test", prompt=fight.prompts()[-1]["id"], d20=18)  # she keeps hold
    assert 'id="poison-weapon"' not in page(fight, fight.table.anna)
    for name, args in [
        ("poison_weapon", {"combatant": fight.ulrika.pk}),
        ("engage", {"target": fight.goblin.pk}),
        ("mark_action", {"part": "combat", "used": True}),
    ]:
        with pytest.raises(CommandError, match="Ulrika is holding Goblin: nothing else"):
            fight.run(fight.table.anna if name != "mark_action" else fight.table.gm, name, **args)
    assert fight.state().melee_pairs == [] and fight.state().poison_doses == [] and fight.prompts() == []
    fight.run(fight.table.anna, "release_hold", combatant=fight.ulrika.pk)
    assert fight.gm("mark_action", part="combat", used=True).result["combat"] == 1  # nothing was spent before

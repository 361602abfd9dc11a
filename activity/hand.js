// The seated player's own hand: the labels of their hand's Discord buttons, from the bot.
// Choose a card, then the figure it goes in front of; the pick is sent when both are chosen
// (a card that needs no target is sent at once, as on Discord). The bot judges every pick.
import { across } from "./seats.js";

// The narrowest a figure's button is drawn beside others (CSS pixels): a name whole on a screen
// held upright; on one wider than tall, in one row whatever the names.
const NARROWEST_TARGET = { upright: 104, wide: 60 };
function button(label, onClick) {
  const made = document.createElement("button");
  made.type = "button";
  made.textContent = label;
  made.addEventListener("click", onClick);
  return made;
}

// A card as printed: its value large, its number small in the corner (drawn by the
// stylesheet; the card is named by its value, as its Discord button is).
function card(dealt, onClick) {
  const made = button(dealt.label, onClick);
  made.className = "card";
  made.dataset.number = String(dealt.card);
  made.setAttribute("aria-label", dealt.label);
  return made;
}

// The card that stays chosen when a new state of the hand arrives: in the same turn, the one
// the player chose if it is still playable; otherwise the card they picked, if any.
export function keptSelection(previous, state, selected) {
  const hand = state.hand;
  const sameTurn = previous && previous.game === state.game && previous.hand.stage === hand.stage && previous.hand.round === hand.round;
  const playable = new Set(hand.cards.filter((card) => card.playable).map((card) => card.card));
  let kept = sameTurn && playable.has(selected) ? selected : null;
  if (hand.picked !== null && playable.has(hand.picked) && (!sameTurn || kept === null)) kept = hand.picked;
  return kept;
}

export class Hand {
  constructor(send) {
    this.send = send;
    this.section = document.getElementById("hand");
    this.status = document.getElementById("hand-status");
    this.note = document.getElementById("hand-note");
    this.cards = document.getElementById("cards");
    this.targets = document.getElementById("targets");
    this.refused = document.getElementById("refused");
    this.state = null;
    this.selected = null;
  }

  show(state) {
    const hand = state.hand;
    this.refused.hidden = true;
    if (hand === null) {
      this.section.hidden = true;
      this.state = null;
      return;
    }
    this.selected = keptSelection(this.state, state, this.selected);
    this.state = state;
    document.getElementById("hand-title").textContent = hand.title;
    // A newcomer's note on a rule, as their Discord hand shows it (only sent when there is one):
    // one line, opened whole by a tap; a new note comes closed.
    const summary = this.note.querySelector("summary");
    if (summary.textContent !== (hand.note ?? "")) this.note.open = false;
    summary.textContent = hand.note ?? "";
    this.note.hidden = !hand.note;
    this.section.hidden = false;
    this.draw();
  }

  // Draws the hand anew; the control that had the focus keeps it (a state that arrives while
  // a player moves through their hand with the keyboard does not throw them out of it).
  draw() {
    const focused = this.section.contains(document.activeElement) ? document.activeElement.dataset.key : undefined;
    const { game, hand } = this.state;
    const chosen = hand.cards.find((card) => card.card === this.selected);
    const repicking = chosen && chosen.card !== hand.picked;
    this.status.textContent = repicking && hand.aims ? chosen.prompt : hand.status;
    this.cards.replaceChildren(
      ...hand.cards.map((dealt) => {
        const made = card(dealt, () => this.choose(dealt.card));
        made.dataset.key = `card ${dealt.card}`;
        made.disabled = !dealt.playable;
        made.setAttribute("aria-pressed", String(dealt.card === this.selected));
        made.classList.toggle("picked", dealt.card === hand.picked);
        return made;
      }),
    );
    const showTargets = hand.moving || (hand.aims && this.selected !== null);
    this.targets.hidden = !showTargets;
    const narrowest = NARROWEST_TARGET[window.innerWidth > window.innerHeight ? "wide" : "upright"];
    const count = hand.targets.length;
    this.targets.style.setProperty("--across", String(across(count, this.targets.clientWidth, narrowest)));
    this.targets.replaceChildren(
      ...(showTargets ? hand.targets : []).map((target) => {
        const made = button(target.label, () => this.aim(target.code));
        made.dataset.key = `target ${target.code}`;
        const picked = !hand.moving && this.selected === hand.picked && target.code === hand.picked_target;
        made.classList.toggle("picked", picked);
        return made;
      }),
    );
    this.turn = { game, stage: hand.stage, round: hand.round };
    const again = focused && this.section.querySelector(`[data-key="${focused}"]`);
    if (again) again.focus();
  }

  choose(card) {
    const hand = this.state.hand;
    if (!hand.aims) {
      this.send({ ...this.turn, card });
      return;
    }
    this.selected = card;
    this.draw();
    // Focus follows the hand: from the card to whom it goes in front of.
    const first = this.targets.querySelector("button");
    if (first) first.focus();
  }

  aim(code) {
    if (this.state.hand.moving) this.send({ ...this.turn, target: code });
    else this.send({ ...this.turn, card: this.selected, target: code });
  }

  refuse(sentence) {
    this.refused.textContent = sentence;
    this.refused.hidden = false;
  }
}

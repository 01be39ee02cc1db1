// The player's phone calls for attention when something waits for them: on the player's turn starting and on a new
// test to roll, it vibrates (where the browser allows) and marks the tab's title, and brings a new test into view
// below the pinned strip. Only the change calls: a push that leaves things as they were does nothing.
const encounterTitle = document.title;
let wasMyTurn = null; // null until the first view: opening the page on one's turn does not buzz
let knownTests = new Set();

function openTests() {
  return [...document.querySelectorAll("#sheet form.prompt[id]")];
}

function buzz(pattern) {
  if (typeof navigator.vibrate === "function") navigator.vibrate(pattern);
}

function showBelowStrip(element) {
  const strip = document.getElementById("strip");
  const top = element.getBoundingClientRect().top;
  if (top < (strip ? strip.getBoundingClientRect().bottom : 0) || top > window.innerHeight - 60) {
    element.scrollIntoView({ block: "start" });
  }
}

function notice() {
  const myTurn = Boolean(document.querySelector("#strip.my-turn"));
  const tests = openTests();
  const newTests = tests.filter((test) => !knownTests.has(test.id));
  if (wasMyTurn !== null) {
    if (newTests.length) {
      buzz([150, 80, 150]);
      showBelowStrip(newTests[0]);
    } else if (myTurn && !wasMyTurn) {
      buzz(300);
      showBelowStrip(document.querySelector("#sheet .my-turn-tools") ?? document.getElementById("sheet"));
    }
  }
  wasMyTurn = myTurn;
  knownTests = new Set(tests.map((test) => test.id));
  if (tests.length) document.title = `● Roll needed — ${encounterTitle}`;
  else if (myTurn) document.title = `● Your turn — ${encounterTitle}`;
  else document.title = encounterTitle;
}

// After the new parts have settled (htmx puts a swapped part's new class in place only then): a push, an answer.
document.addEventListener("htmx:wsAfterMessage", notice);
document.addEventListener("htmx:afterSettle", notice);
document.addEventListener("DOMContentLoaded", notice);

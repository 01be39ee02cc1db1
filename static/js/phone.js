// The player's phone calls for attention when something waits for them: on the player's turn starting and on a new
// test to roll, it vibrates (where the browser allows), beeps if the player turned the sound on, and marks the tab's
// title, and brings a new test into view below the pinned strip. Only the change calls: a push that leaves things as
// they were does nothing. While it is their turn or a test waits, the screen is kept awake.
const encounterTitle = document.title;
let wasMyTurn = null; // null until the first view: opening the page on one's turn does not buzz
let knownTests = new Set();

function openTests() {
  return [...document.querySelectorAll("#sheet form.prompt[id]")];
}

function buzz(pattern, beeps) {
  if (typeof navigator.vibrate === "function") navigator.vibrate(pattern);
  if (soundOn()) beep(beeps);
}

// The sound cue: off unless the player turns it on, a choice kept on this device. The tones are made on the spot
// (Web Audio), so there is no file to load.
const SOUND_CHOICE = "sound-cue";
let audio = null;
function soundOn() {
  try {
    return localStorage.getItem(SOUND_CHOICE) === "on";
  } catch {
    return false;  // a browser that keeps nothing for the site: the sound stays off, the other cues still call
  }
}

function beep(count) {
  audio ??= new AudioContext();
  for (let place = 0; place < count; place++) {
    const start = audio.currentTime + place * 0.2;
    const tone = new OscillatorNode(audio, { frequency: 880 });
    const volume = new GainNode(audio, { gain: 0 });
    volume.gain.linearRampToValueAtTime(0.3, start + 0.01);
    volume.gain.linearRampToValueAtTime(0, start + 0.15);
    tone.connect(volume).connect(audio.destination);
    tone.start(start);
    tone.stop(start + 0.16);
  }
}

function showSoundChoice() {
  const toggle = document.getElementById("sound-cue");
  toggle.setAttribute("aria-pressed", soundOn());
  toggle.textContent = `Sound on my turn: ${soundOn() ? "on" : "off"}`;
}

document.addEventListener("DOMContentLoaded", () => {
  showSoundChoice();
  document.getElementById("sound-cue").addEventListener("click", () => {
    localStorage.setItem(SOUND_CHOICE, soundOn() ? "off" : "on");
    showSoundChoice();
    if (soundOn()) beep(1);  // heard at once, as the browser lets a page play sound on a tap
  });
});
// A page loaded with the sound on may play only once the player has touched it: the first touch readies the sound.
document.addEventListener("pointerdown", () => { if (soundOn()) (audio ??= new AudioContext()).resume(); }, { once: true });

// The screen stays on while something waits for the player (Screen Wake Lock, where the browser has it). The browser
// drops the lock when the page is hidden, so it is asked for again when the page is shown.
let keptAwake = false;
let wakeLock = null;  // the promise of the lock's sentinel, while one is held or asked for

function keepAwake(wanted) {
  keptAwake = wanted;
  if (wanted && !wakeLock && navigator.wakeLock && document.visibilityState === "visible") {
    const asked = navigator.wakeLock.request("screen").then(
      (sentinel) => {
        sentinel.addEventListener("release", () => { if (wakeLock === asked) wakeLock = null; });
        return sentinel;
      },
      () => { if (wakeLock === asked) wakeLock = null; },  // refused, as on a low battery: the phone may sleep
    );
    wakeLock = asked;
  } else if (!wanted && wakeLock) {
    const held = wakeLock;
    wakeLock = null;
    held.then((sentinel) => sentinel?.release());
  }
}
document.addEventListener("visibilitychange", () => keepAwake(keptAwake));

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
      buzz([150, 80, 150], 2);
      showBelowStrip(newTests[0]);
    } else if (myTurn && !wasMyTurn) {
      buzz(300, 1);
      showBelowStrip(document.querySelector("#sheet .my-turn-tools") ?? document.getElementById("sheet"));
    }
  }
  wasMyTurn = myTurn;
  keepAwake(myTurn || tests.length > 0);
  knownTests = new Set(tests.map((test) => test.id));
  if (tests.length) document.title = `● Roll needed — ${encounterTitle}`;
  else if (myTurn) document.title = `● Your turn — ${encounterTitle}`;
  else document.title = encounterTitle;
}

// After the new parts have settled (htmx puts a swapped part's new class in place only then): a push, an answer.
document.addEventListener("htmx:wsAfterMessage", notice);
document.addEventListener("htmx:afterSettle", notice);
document.addEventListener("DOMContentLoaded", notice);

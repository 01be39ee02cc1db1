// A "Copy" button puts the value of the field it names (data-copy, the field's id) on the clipboard.
document.addEventListener("click", async (event) => {
  const button = event.target.closest("button[data-copy]");
  if (!button) return;
  const field = document.getElementById(button.dataset.copy);
  field.select();
  try {
    await navigator.clipboard.writeText(field.value);
  } catch {
    // Browsers offer the clipboard API only over HTTPS; elsewhere the old copy command takes the selected field.
    document.execCommand("copy");
  }
  button.textContent = "Copied";
});

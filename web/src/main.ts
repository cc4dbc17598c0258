document.getElementById("app")!.textContent = "kingme";

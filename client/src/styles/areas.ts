// Every other stylesheet in this folder, after the base. All are global and linked in the server
// HTML: lazily loaded page chunks carry no CSS of their own, so no page can flash unstyled.
import.meta.glob(['./*.css', '!./global.css'], { eager: true });

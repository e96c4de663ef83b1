// Every other stylesheet in this folder, after the base, except the member area's (the member
// layout's chunk brings it). All are linked in the server HTML (the member area's on member pages),
// so no page can flash unstyled.
import.meta.glob(['./*.css', '!./global.css', '!./member.css'], { eager: true });

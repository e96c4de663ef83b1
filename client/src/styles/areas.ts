// Every other stylesheet in this folder, after the base, except the member area's (the member
// layout's chunk brings it) and the mobile site's (mobile-site.css, a build input of its own). All
// are linked in the server HTML (the member area's on member pages), so no page can flash unstyled.
import.meta.glob(['./*.css', '!./global.css', '!./member.css', '!./mobile.css', '!./mobile-site.css'], { eager: true });

// Federation needs an async boundary before the shared modules are used.
import('./bootstrap');

// A remote is loaded through its manifest; this entry only makes `npm run dev` of it alone work.
import('./bootstrap');

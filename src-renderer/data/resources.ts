/** The one resource cache of the page (and with it the one poll scheduler). */
import { ResourceCache } from './resource-cache';

export const resources = new ResourceCache();

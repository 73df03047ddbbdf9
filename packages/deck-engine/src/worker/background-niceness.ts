/**
 * How far background work (render threads, LibreOffice) is lowered unless told otherwise:
 * `nice 19`, the lowest, so that a request's thread sharing a core with it gets nearly all of
 * that core (ADR 074). A module of its own, so that LibreOffice's caller does not load the pool.
 */
export const backgroundNiceness = 19;

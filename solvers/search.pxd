# Cython declarations for the compiled build of search.py (setup.py); plain Python never
# reads this file.  Declaring the search's fields makes them C struct slots instead of
# entries in a per-object dict, which the hot loop reads millions of times: measured, the
# exhaustive run on seed 6658 takes 8.6 s instead of 9.5 s.  The fields are declared as
# the Python type each always holds (counters as C longs: they stay far below 2**63).
# A field added to _Search must be added here too (the compiled build's tests fail until
# it is).
#
# Every value the search computes keeps Python's unbounded ints, except in one function:
# matching_ceiling, called 2.7 million times on that proof, runs on C longs (6.2 -> 5.5 s).
# Its numbers are masks and counts below 2**18 and it shifts nothing left, so C longs
# cannot overflow there; an argument that does not fit raises OverflowError.  (C typing
# elsewhere is a trap: in C, ``15 << (4 * p)`` is an int and overflows for p >= 7.)

cimport cython


cdef class _Search:
    cdef public object options, start, deadline, max_nodes, budget, final, won_by, progress
    cdef public list black, values, suits, to_come, absorb, path
    cdef public long n, nodes, pruned, restarts, matched, openings_tried, openings_cut
    cdef public long deep_states, deep_tried, deep_cut
    cdef public bint plain_order
    cdef public dict seen
    cdef public dict places_cache, edge_cache, match_cache, fresh_cache
    cdef public dict deck_bits, suits_cache, openings_cache, profile_cache


@cython.locals(free=cython.long, high=cython.long, reach=cython.long, count=cython.long,
               value=cython.long, places=cython.long, fields=cython.long, room=cython.long)
cpdef long matching_ceiling(tuple piles_of, long values, long packed_room)

# Cython declarations for the compiled build of search.py (setup.py); plain Python never
# reads this file.  Declaring the search's fields makes them C struct slots instead of
# entries in a per-object dict, which the hot loop reads millions of times: measured, the
# exhaustive run on seed 6658 takes 8.6 s instead of 9.5 s.  Only fields are declared,
# each as the Python type it always holds (counters as C longs: they stay far below
# 2**63); every value the search computes keeps Python's unbounded ints.  A field added to
# _Search must be added here too (the compiled build's tests fail until it is).

cdef class _Search:
    cdef public object options, start, deadline, max_nodes, budget, final, won_by
    cdef public list black, values, suits, to_come, absorb, absorb_with, path
    cdef public long n, nodes, pruned, restarts, matched, openings_tried, openings_cut
    cdef public long deep_states, deep_tried, deep_cut
    cdef public bint plain_order
    cdef public dict seen
    cdef public dict allow_cache, edge_cache, match_cache, fresh_cache
    cdef public dict deck_bits, suits_cache, openings_cache, profile_cache

# The whole step per simulated second on the contact corpus and the anchor heave, 1 and 2
# threads (issue 14). Core, the mesh importer and the oneTBB pair loop.
add_executable(bench_corpus ${CMAKE_CURRENT_LIST_DIR}/bench_corpus.cpp)
target_link_libraries(bench_corpus PRIVATE contactsim_core contactsim_assets contactsim_parallel)
target_compile_definitions(bench_corpus PRIVATE CONTACTSIM_SOURCE_DIR="${PROJECT_SOURCE_DIR}")

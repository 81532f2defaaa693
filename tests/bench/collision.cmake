# bench_collision: the collision core against FCL 0.7 (OBBRSS, OBB) and Bullet 3.24 double
# (GImpact quantized BVH candidates + our triangle test), same meshes and poses, one thread.
find_package(fcl REQUIRED)
find_package(PkgConfig REQUIRED)
# Only the include path and libraries: the .pc file also forces -std=c++11.
pkg_check_modules(BULLET_F64 REQUIRED bullet-float64)
find_library(BULLET_COLLISION_F64 BulletCollision-float64 REQUIRED)
find_library(BULLET_LINEARMATH_F64 LinearMath-float64 REQUIRED)

add_executable(bench_collision ${CMAKE_CURRENT_LIST_DIR}/bench_collision.cpp
                               ${CMAKE_CURRENT_LIST_DIR}/bench_cases.cpp)
target_include_directories(bench_collision SYSTEM PRIVATE ${BULLET_F64_INCLUDE_DIRS})
target_compile_definitions(bench_collision PRIVATE BT_USE_DOUBLE_PRECISION)
target_link_libraries(bench_collision PRIVATE contactsim_core fcl ${BULLET_COLLISION_F64}
                      ${BULLET_LINEARMATH_F64})

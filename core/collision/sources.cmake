target_sources(contactsim_core PRIVATE
  collision/aabb_tree.cpp
  collision/broad_phase.cpp
  collision/mesh_collision.cpp
  collision/segment_query.cpp
  collision/triangle_intersection.cpp
)

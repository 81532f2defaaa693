target_sources(contactsim_core PRIVATE
  scene/json_error.cpp
  scene/law_parameters.cpp
  scene/law_parameters_doc.cpp
  scene/scene.cpp
  scene/scene_body_reader.cpp
  scene/scene_cable_reader.cpp
  scene/scene_contact_reader.cpp
  scene/scene_fields.cpp
  scene/scene_force_reader.cpp
  scene/scene_joint_reader.cpp
  scene/scene_keyframe_reader.cpp
  scene/scene_reader.cpp
  scene/scene_solver_reader.cpp
  scene/scene_system.cpp
  scene/starter_scene.cpp
)
# nlohmann-json is header-only and used only inside the scene reader (scene_reader.cpp and the
# files it is split into) and json_error.cpp.
target_link_libraries(contactsim_core PRIVATE nlohmann_json::nlohmann_json)

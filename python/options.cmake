# Included by the top-level CMakeLists before app/ (the CLI's `study` command needs the
# interpreter's path): chooses the Python the module is built for and finds pybind11.
#
# Debian's /usr/bin/python3 is the interpreter whose numpy, pandas and dask the module and the
# studies use (python3-* packages). A pyenv or venv python3 earlier on PATH would otherwise be
# picked, and a module built against it cannot be imported by the system one, so the system
# interpreter is preferred unless Python_EXECUTABLE is given.
if(NOT DEFINED Python_EXECUTABLE AND EXISTS /usr/bin/python3)
  set(Python_EXECUTABLE /usr/bin/python3 CACHE FILEPATH "Interpreter the Python module is built for")
endif()
# pybind11's FindPython mode honours Python_EXECUTABLE (its older mode searches PATH first).
set(PYBIND11_FINDPYTHON ON)
find_package(pybind11 2.10 CONFIG QUIET)
# Off by default in sanitizer and fuzzer builds: an extension built with ASan only loads into a
# python3 started with the ASan runtime preloaded, so its tests would fail there for that alone.
set(python_default ${pybind11_FOUND})
if(CONTACTSIM_SANITIZE OR CONTACTSIM_BUILD_FUZZ)
  set(python_default OFF)
endif()
option(CONTACTSIM_BUILD_PYTHON "Build the contactsim Python module and studies (python/)"
  ${python_default})
if(CONTACTSIM_BUILD_PYTHON AND NOT pybind11_FOUND)
  message(FATAL_ERROR "CONTACTSIM_BUILD_PYTHON needs pybind11 (Debian: pybind11-dev python3-dev)")
endif()
# Where the module and the pure-Python package end up together, importable with
# PYTHONPATH=<this folder> (the tests and `contactsim-cli study` set it).
set(CONTACTSIM_PYTHON_DIR ${CMAKE_BINARY_DIR}/python)

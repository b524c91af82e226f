// The App Store Server Notifications V2 route, apart from JOSEHummingbird so that an app without it never compiles or
// links PureJOSE's AppStore module; importing this module brings JOSEHummingbird and the shared receiver with it.
@_exported import JOSEHummingbird
@_exported import JOSEServerAppStore

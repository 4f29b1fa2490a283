import './elements/arbiter-app.js'
